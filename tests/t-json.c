/* The JSON tree: literal number text, positions, and the errors the
 * lesson reader relies on. */
#include <criterion/criterion.h>
#include <string.h>
#include "internal.h"
#include "helpers.h"

static exattn_jnode *
parse_ok(const char *text)
{
    exattn_jnode *root = NULL;
    exattn_error_t err;
    int rc = exattn_json__parse(&root, text, strlen(text), "t.json", 32,
                                &err);

    cr_assert_eq(rc, EXATTN_OK, "%s", err.message);
    return root;
}

static void
parse_bad(const char *text, size_t max_depth, int code, unsigned long line,
          unsigned long column, const char *part)
{
    exattn_jnode *root = (exattn_jnode *)1;
    exattn_error_t err;
    int rc;

    exattn_error_init(&err);
    rc = exattn_json__parse(&root, text, strlen(text), "t.json", max_depth,
                            &err);
    cr_assert_eq(rc, code, "\"%s\": code %d (%s)", text, rc, err.message);
    cr_assert_null(root);
    cr_assert_str_eq(err.file, "t.json");
    cr_assert(err.line == line && err.column == column,
              "\"%s\": at %lu:%lu, want %lu:%lu (%s)", text, err.line,
              err.column, line, column, err.message);
    cr_assert_not_null(strstr(err.message, part), "message \"%s\"",
                       err.message);
}

Test(json, keeps_number_literals_exactly)
{
    exattn_jnode *root = parse_ok("[0.1, 1e-3, 0.30000000000000004, "
                                  "123456789012345678901234567890, -0]");
    static const char *const want[] = { "0.1", "1e-3", "0.30000000000000004",
        "123456789012345678901234567890", "-0" };
    size_t i;

    cr_assert_eq(root->count, 5);
    for (i = 0; i < 5; i++)
    {
        cr_assert_eq(root->items[i]->kind, EXATTN_J_NUMBER);
        cr_assert_str_eq(root->items[i]->text, want[i]);
    }
    exattn_json__free(root);
}

Test(json, locates_every_value)
{
    /* columns count characters: "é" is one */
    exattn_jnode *root = parse_ok("{\"a\": 1,\n  \"é\": [true, \"x\"],\n"
                                  "\"c\":null}");
    const exattn_jnode *a = exattn_json__get(root, "a");
    const exattn_jnode *e = exattn_json__get(root, "é");
    const exattn_jnode *c = exattn_json__get(root, "c");

    cr_assert(root->line == 1 && root->column == 1);
    cr_assert(a->line == 1 && a->column == 7, "a at %lu:%lu", a->line,
              a->column);
    cr_assert(root->keys[1]->line == 2 && root->keys[1]->column == 3);
    cr_assert(e->line == 2 && e->column == 8, "array at %lu:%lu", e->line,
              e->column);
    cr_assert(e->items[1]->line == 2 && e->items[1]->column == 15);
    cr_assert(c->kind == EXATTN_J_NULL && c->line == 3 && c->column == 5);
    cr_assert(e->items[0]->kind == EXATTN_J_BOOL && e->items[0]->boolean);
    cr_assert_null(exattn_json__get(root, "missing"));
    exattn_json__free(root);
}

Test(json, reports_malformed_json_with_line_and_column)
{
    parse_bad("{\"a\": [1, 2,]}", 32, EXATTN_ESYNTAX, 1, 13,
              "malformed JSON");
    parse_bad("{\n  \"a\": 1.\n}", 32, EXATTN_ESYNTAX, 2, 9,
              "malformed JSON");
    parse_bad("{\"a\": 1} x", 32, EXATTN_ESYNTAX, 1, 10, "trailing garbage");
    parse_bad("", 32, EXATTN_ESYNTAX, 0, 0, "empty");
    parse_bad("{\"a\": NaN}", 32, EXATTN_ESYNTAX, 1, 7,
              "NaN and Infinity are not JSON numbers");
    parse_bad("{\"a\": [1, -Infinity]}", 32, EXATTN_ESYNTAX, 1, 11,
              "NaN and Infinity are not JSON numbers");
    parse_bad(" \n\t ", 32, EXATTN_ESYNTAX, 0, 0, "only white space");
}

Test(json, rejects_bytes_that_are_not_utf8_text)
{
    parse_bad("{\"a\":\n \"x\xff\"}", 32, EXATTN_ESYNTAX, 2, 4,
              "invalid UTF-8 (byte 0xFF)");
    parse_bad("[\"\xc0\xaf\"]", 32, EXATTN_ESYNTAX, 1, 3,
              "invalid UTF-8 (byte 0xC0)");        /* overlong '/' */
    parse_bad("[\"\xed\xa0\x80\"]", 32, EXATTN_ESYNTAX, 1, 3,
              "invalid UTF-8 (byte 0xED)");        /* a surrogate */
    parse_bad("[\"\xe2\x80\"]", 32, EXATTN_ESYNTAX, 1, 3,
              "invalid UTF-8 (byte 0xE2)");        /* cut short */
    exattn_json__free(parse_ok("[\"\xce\xb5 \xe2\x89\xa0 "
                               "\xf0\x9f\x98\x80\"]"));
}

Test(json, rejects_duplicate_fields)
{
    parse_bad("{\"Q\": 1,\n \"Q\": 2}", 32, EXATTN_EFIELD, 2, 2,
              "duplicate field \"Q\" (first at line 1, column 2)");
}

Test(json, caps_nesting_depth)
{
    parse_bad("[[[[1]]]]", 3, EXATTN_ELIMIT, 1, 4,
              "nesting deeper than 3 levels");
    exattn_json__free(parse_ok("[[[1]]]"));
}

Test(json, rejects_nul_in_strings)
{
    static const char text[] = "[\"a\\u0000b\"]";

    parse_bad(text, 32, EXATTN_ESYNTAX, 1, 2, "NUL");
}

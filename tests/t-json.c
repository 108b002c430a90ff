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

/* Every number of a tree, depth first: its text and place. */
static void
numbers_of(const exattn_jnode *n, char *out, size_t cap)
{
    exattn_jnode scratch;
    const exattn_jnode *item;
    size_t i, used;

    if (n->kind == EXATTN_J_NUMBER)
    {
        used = strlen(out);
        snprintf(out + used, cap - used, "%s@%lu:%lu ", n->text, n->line,
                 n->column);
        return;
    }
    for (i = 0; i < n->count; i++)
    {
        item = n->kind == EXATTN_J_ARRAY ? exattn_json__item(n, i, &scratch)
                                         : n->items[i];
        numbers_of(item, out, cap);
    }
}

Test(json, packs_rows_of_numbers_where_asked)
{
    /* a matrix's rows packed; a row that holds more than numbers, an
     * empty one, a top-level array and an object's array are not */
    static const char text[] =
        "{\"q\": [[1, 2.5e-3,\n  -0], [4, \"x\", 5e2], [], [[7], 8]],\n"
        " \"flat\": [9, 10], \"o\": [{\"k\": [11]}]}";
    exattn_jnode *plain = parse_ok(text), *packed = NULL;
    const exattn_jnode *q;
    exattn_error_t err;
    char a[512] = "", b[512] = "";

    cr_assert_eq(exattn_json__parse_rows(&packed, text, strlen(text),
                                         "t.json", 32, &err), EXATTN_OK);
    q = exattn_json__get(packed, "q");
    cr_assert_not_null(q->items[0]->row);
    cr_assert_null(q->items[0]->items);
    cr_assert_eq(q->items[0]->count, 3);
    cr_assert_null(q->items[1]->row, "a string unpacks the row");
    cr_assert_eq(q->items[1]->count, 3);
    cr_assert_null(q->items[2]->row, "[] stays an empty array");
    cr_assert_eq(q->items[2]->count, 0);
    cr_assert_null(q->items[3]->row);
    cr_assert_not_null(q->items[3]->items[0]->row, "[7] in an array");
    cr_assert_null(exattn_json__get(packed, "flat")->row);
    /* the same numbers, texts and places either way */
    numbers_of(plain, a, sizeof a);
    numbers_of(packed, b, sizeof b);
    cr_assert_str_eq(b, a);
    cr_assert_str_eq(a, "1@1:9 2.5e-3@1:12 -0@2:3 4@2:9 5e2@2:17 7@2:29 "
                        "8@2:33 9@3:11 10@3:14 11@3:32 ");
    exattn_json__free(plain);
    exattn_json__free(packed);
}

Test(json, a_packed_parse_fails_as_a_plain_one)
{
    static const char *const bad[] = { "[[1, 2", "[[1, 2,]]", "[[1, NaN]]",
                                       "[[1, 2] [3]]", "[[1, 2]], 3" };
    exattn_error_t e1, e2;
    exattn_jnode *root;
    size_t i;

    for (i = 0; i < sizeof bad / sizeof *bad; i++)
    {
        exattn_error_init(&e1);
        exattn_error_init(&e2);
        cr_assert_neq(exattn_json__parse(&root, bad[i], strlen(bad[i]),
                                         "t.json", 32, &e1), EXATTN_OK);
        cr_assert_neq(exattn_json__parse_rows(&root, bad[i], strlen(bad[i]),
                                              "t.json", 32, &e2), EXATTN_OK);
        cr_assert_null(root);
        cr_assert(e1.line == e2.line && e1.column == e2.column
                  && strcmp(e1.message, e2.message) == 0,
                  "%s: %s at %lu:%lu, packed %s at %lu:%lu", bad[i],
                  e1.message, e1.line, e1.column, e2.message, e2.line,
                  e2.column);
    }
}

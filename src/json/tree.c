/* A JSON document as a tree that remembers where each value starts.
 *
 * yajl is driven in event mode: numbers arrive as the literal text (the
 * yajl_number callback), so exact decimals are never rounded through a
 * double, and every event can be located, because yajl's consumed-byte
 * count is current while a callback runs.  A token starts at the first
 * byte after the previous token that is not whitespace, ':' or ','. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>
#include "internal.h"

typedef struct
{
    const char *data;
    size_t len;
    const char *name;
    yajl_handle handle;
    size_t prev_end;            /* offset just after the previous token */
    size_t line_off;            /* line/column cursor: offset ... */
    unsigned long line, column; /* ... and its position */
    exattn_jnode *root;
    exattn_jnode **stack;       /* open containers */
    size_t depth, max_depth;
    exattn_jnode *pending_key;  /* member name awaiting its value */
    exattn_error_t *err;
    int failed;                 /* err already holds the reason */
    int pack_rows;              /* exattn_json__parse_rows */
} builder;

/* Lesson objects have a handful of fields; the cap keeps the duplicate
 * check (linear per member) from turning quadratic on hostile input. */
#define EXATTN_JSON_MAX_MEMBERS 1024

/* Advance the line/column cursor to `off`.  Offsets only grow, so the
 * whole document is scanned once.  Columns count characters, not bytes. */
static void
locate(builder *b, size_t off, unsigned long *line, unsigned long *column)
{
    while (b->line_off < off && b->line_off < b->len)
    {
        unsigned char ch = (unsigned char)b->data[b->line_off++];

        if (ch == '\n')
        {
            b->line++;
            b->column = 1;
        }
        else if ((ch & 0xC0) != 0x80)
            b->column++;
    }
    *line = b->line;
    *column = b->column;
}

/* Where the next token starts: past white space, separators and
 * comments (// to the end of the line, slash-star to star-slash), which a
 * lesson file may hold. */
static size_t
token_start(const builder *b)
{
    size_t off = b->prev_end;

    for (;;)
    {
        while (off < b->len && strchr(" \t\r\n:,", b->data[off]) != NULL
               && b->data[off] != '\0')
            off++;
        if (off + 1 >= b->len || b->data[off] != '/')
            return off;
        if (b->data[off + 1] == '/')
            while (off < b->len && b->data[off] != '\n')
                off++;
        else if (b->data[off + 1] == '*')
        {
            for (off += 2; off + 1 < b->len
                           && !(b->data[off] == '*' && b->data[off + 1] == '/');
                 off++)
                ;
            off = off + 2 <= b->len ? off + 2 : b->len;
        }
        else
            return off;
    }
}

static int
fail(builder *b, int code, const exattn_jnode *at, const char *msg)
{
    exattn_error__set(b->err, code, b->name, at ? at->line : 0,
                      at ? at->column : 0, "%s", msg);
    b->failed = 1;
    return 0;
}

/* A node; `text_len` > 0 reserves its text in the same allocation (a
 * real head's lesson has 786,432 numbers: one allocation each, not two). */
static exattn_jnode *
new_node_with_text(builder *b, exattn_jkind kind, size_t text_len)
{
    exattn_jnode *n = calloc(1, sizeof *n + text_len);

    if (n == NULL)
    {
        fail(b, EXATTN_ENOMEM, NULL, "out of memory");
        return NULL;
    }
    n->kind = kind;
    if (text_len > 0)
        n->text = (char *)(n + 1);
    locate(b, token_start(b), &n->line, &n->column);
    b->prev_end = yajl_get_bytes_consumed(b->handle);
    return n;
}

static exattn_jnode *
new_node(builder *b, exattn_jkind kind)
{
    return new_node_with_text(b, kind, 0);
}

static int
append(exattn_jnode *parent, exattn_jnode *key, exattn_jnode *value)
{
    if (parent->count == parent->cap)
    {
        size_t cap = parent->cap ? 2 * parent->cap : 4;
        exattn_jnode **items = realloc(parent->items, cap * sizeof *items);
        exattn_jnode **keys;

        if (items == NULL)
            return 0;
        parent->items = items;
        if (parent->kind == EXATTN_J_OBJECT)
        {
            keys = realloc(parent->keys, cap * sizeof *keys);
            if (keys == NULL)
                return 0;
            parent->keys = keys;
        }
        parent->cap = cap;
    }
    if (parent->kind == EXATTN_J_OBJECT)
        parent->keys[parent->count] = key;
    parent->items[parent->count++] = value;
    return 1;
}

static void
free_row(exattn_jnode *n)
{
    if (n->row != NULL)
    {
        free(n->row->nums);
        free(n->row->text);
        free(n->row);
        n->row = NULL;
    }
}

/* A packed row that turns out to hold more than numbers: its numbers
 * become nodes, as if it had never been packed. */
static int
unpack(exattn_jnode *arr)
{
    const exattn_jrow *r = arr->row;
    size_t i, count = arr->count;
    exattn_jnode *n;

    arr->count = 0;
    for (i = 0; i < count; i++)
    {
        const exattn_jnum *num = &r->nums[i];

        if ((n = calloc(1, sizeof *n + num->len + 1)) == NULL)
            return 0;
        n->kind = EXATTN_J_NUMBER;
        n->line = num->line;
        n->column = num->column;
        n->text = (char *)(n + 1);
        memcpy(n->text, r->text + num->off, num->len + 1);
        n->len = num->len;
        if (!append(arr, NULL, n))
        {
            free(n);
            return 0;
        }
    }
    free_row(arr);
    return 1;
}

/* Attach a finished value to the open container (or make it the root). */
static int
attach(builder *b, exattn_jnode *n)
{
    exattn_jnode *parent;

    if (n == NULL)
        return 0;
    if (b->depth == 0)
    {
        b->root = n;
        return 1;
    }
    parent = b->stack[b->depth - 1];
    if ((parent->row != NULL && !unpack(parent))
        || !append(parent, b->pending_key, n))
    {
        exattn_json__free(n);
        return fail(b, EXATTN_ENOMEM, NULL, "out of memory");
    }
    b->pending_key = NULL;
    return 1;
}

static int
open_container(builder *b, exattn_jkind kind)
{
    exattn_jnode *n;

    if (b->depth >= b->max_depth)
    {
        exattn_jnode at;
        char msg[96];

        locate(b, token_start(b), &at.line, &at.column);
        snprintf(msg, sizeof msg, "nesting deeper than %zu levels",
                 b->max_depth);
        return fail(b, EXATTN_ELIMIT, &at, msg);
    }
    n = new_node(b, kind);
    if (!attach(b, n))
        return 0;
    /* an array in an array: a matrix's row, packed while it holds only
       numbers */
    if (b->pack_rows && kind == EXATTN_J_ARRAY && b->depth > 0
        && b->stack[b->depth - 1]->kind == EXATTN_J_ARRAY
        && (n->row = calloc(1, sizeof *n->row)) == NULL)
        return fail(b, EXATTN_ENOMEM, NULL, "out of memory");
    b->stack[b->depth++] = n;
    return 1;
}

static int
on_start_map(void *ctx)
{
    return open_container(ctx, EXATTN_J_OBJECT);
}

static int
on_start_array(void *ctx)
{
    return open_container(ctx, EXATTN_J_ARRAY);
}

static int
on_end(void *ctx)
{
    builder *b = ctx;
    exattn_jnode *n = b->stack[b->depth - 1];

    b->prev_end = yajl_get_bytes_consumed(b->handle);
    b->depth--;
    if (n->row != NULL && n->count == 0)
        free_row(n);    /* [] stays an empty array */
    return 1;
}

static exattn_jnode *
text_node(builder *b, exattn_jkind kind, const char *s, size_t len)
{
    exattn_jnode *n;

    if (memchr(s, '\0', len) != NULL)
    {
        exattn_jnode at;

        locate(b, token_start(b), &at.line, &at.column);
        fail(b, EXATTN_ESYNTAX, &at, "a string holds a NUL character");
        return NULL;
    }
    n = new_node_with_text(b, kind, len + 1);
    if (n == NULL)
        return NULL;
    memcpy(n->text, s, len);
    n->text[len] = '\0';
    n->len = len;
    return n;
}

static int
on_map_key(void *ctx, const unsigned char *s, size_t len)
{
    builder *b = ctx;
    exattn_jnode *obj = b->stack[b->depth - 1];
    exattn_jnode *key = text_node(b, EXATTN_J_STRING, (const char *)s, len);
    size_t i;
    char msg[160];

    if (key == NULL)
        return 0;
    if (obj->count >= EXATTN_JSON_MAX_MEMBERS)
    {
        snprintf(msg, sizeof msg, "an object with more than %d fields",
                 EXATTN_JSON_MAX_MEMBERS);
        fail(b, EXATTN_ELIMIT, key, msg);
        exattn_json__free(key);
        return 0;
    }
    for (i = 0; i < obj->count; i++)
        if (obj->keys[i]->len == len
            && memcmp(obj->keys[i]->text, s, len) == 0)
        {
            snprintf(msg, sizeof msg,
                     "duplicate field \"%.60s\" (first at line %lu, column "
                     "%lu)", key->text, obj->keys[i]->line,
                     obj->keys[i]->column);
            fail(b, EXATTN_EFIELD, key, msg);
            exattn_json__free(key);
            return 0;
        }
    b->pending_key = key;
    return 1;
}

static int
on_string(void *ctx, const unsigned char *s, size_t len)
{
    builder *b = ctx;

    return attach(b, text_node(b, EXATTN_J_STRING, (const char *)s, len));
}

/* Room for one more number of `len` characters in a packed row. */
static int
row_room(exattn_jrow *r, size_t count, size_t len)
{
    size_t cap;
    void *p;

    if (count == r->cap)
    {
        cap = r->cap ? 2 * r->cap : 8;
        if (cap > (size_t)-1 / 2 / sizeof *r->nums
            || (p = realloc(r->nums, cap * sizeof *r->nums)) == NULL)
            return 0;
        r->nums = p;
        r->cap = cap;
    }
    if (r->text_len + len + 1 > r->text_cap)
    {
        for (cap = r->text_cap ? r->text_cap : 64;
             cap < r->text_len + len + 1 && cap <= (size_t)-1 / 2; cap *= 2)
            ;
        if (cap < r->text_len + len + 1)
            return 0;
        if ((p = realloc(r->text, cap)) == NULL)
            return 0;
        r->text = p;
        r->text_cap = cap;
    }
    return 1;
}

/* A number of a packed row: its place and text, no node.  Places or
 * text past 32 bits unpack the row. */
static int
pack_number(builder *b, exattn_jnode *arr, const char *s, size_t len)
{
    exattn_jrow *r = arr->row;
    unsigned long line, column;
    exattn_jnum *num;

    locate(b, token_start(b), &line, &column);
    if (line > UINT32_MAX || column > UINT32_MAX
        || len >= UINT32_MAX - r->text_len)
        return attach(b, text_node(b, EXATTN_J_NUMBER, s, len));
    if (!row_room(r, arr->count, len))
        return fail(b, EXATTN_ENOMEM, NULL, "out of memory");
    num = &r->nums[arr->count++];
    num->line = (uint32_t)line;
    num->column = (uint32_t)column;
    num->off = (uint32_t)r->text_len;
    num->len = (uint32_t)len;
    memcpy(r->text + r->text_len, s, len);
    r->text[r->text_len + len] = '\0';
    r->text_len += len + 1;
    b->prev_end = yajl_get_bytes_consumed(b->handle);
    return 1;
}

static int
on_number(void *ctx, const char *s, size_t len)
{
    builder *b = ctx;

    if (b->depth > 0 && b->stack[b->depth - 1]->row != NULL)
        return pack_number(b, b->stack[b->depth - 1], s, len);
    return attach(b, text_node(b, EXATTN_J_NUMBER, s, len));
}

static int
on_boolean(void *ctx, int value)
{
    builder *b = ctx;
    exattn_jnode *n = new_node(b, EXATTN_J_BOOL);

    if (n != NULL)
        n->boolean = value != 0;
    return attach(b, n);
}

static int
on_null(void *ctx)
{
    builder *b = ctx;

    return attach(b, new_node(b, EXATTN_J_NULL));
}

static const yajl_callbacks callbacks = {
    on_null, on_boolean, NULL, NULL, on_number, on_string,
    on_start_map, on_map_key, on_end, on_start_array, on_end
};

/* Bytes a lesson file may not hold, found before the JSON parser sees
 * them, with their position: NUL, and anything that is not UTF-8. */
static int
check_bytes(builder *b)
{
    const unsigned char *d = (const unsigned char *)b->data;
    unsigned long line, column;
    size_t off = 0, n;

    while (off < b->len)
    {
        n = d[off] == 0 ? 0 : exattn_utf8__sequence(d + off, b->len - off);
        if (n == 0)
        {
            locate(b, off, &line, &column);
            return exattn_error__set(b->err, EXATTN_ESYNTAX, b->name, line,
                column, d[off] == 0
                ? "a NUL byte: a lesson file is UTF-8 text"
                : "invalid UTF-8 (byte 0x%02X): save the file as UTF-8",
                d[off]);
        }
        off += n;
    }
    return EXATTN_OK;
}

/* NaN and Infinity are JavaScript, not JSON, and not exact numbers. */
static int
non_number(const char *p, size_t left)
{
    static const char *const words[] = { "NaN", "Infinity", "-Infinity",
                                         "+Infinity", "-NaN", "inf",
                                         "nan", "-inf", NULL };
    size_t i, n;

    for (i = 0; words[i] != NULL; i++)
    {
        n = strlen(words[i]);
        if (n <= left && strncmp(p, words[i], n) == 0)
            return 1;
    }
    return 0;
}

static int
only_space(const char *d, size_t len)
{
    size_t i;

    for (i = 0; i < len; i++)
        if (strchr(" \t\r\n", d[i]) == NULL)
            return 0;
    return 1;
}

/* A block comment opened after the last token and never closed: where
 * it opens. */
static int
unclosed_comment(const builder *b, size_t *at)
{
    size_t off = b->prev_end, k;

    for (; off + 1 < b->len; off++)
        if (b->data[off] == '/' && b->data[off + 1] == '*')
        {
            for (k = off + 2; k + 1 < b->len; k++)
                if (b->data[k] == '*' && b->data[k + 1] == '/')
                    break;
            if (k + 1 >= b->len)
            {
                *at = off;
                return 1;
            }
            off = k + 1;
        }
        else if (b->data[off] == '"')
            return 0;       /* strings are the parser's */
    return 0;
}

/* yajl's own message, shortened to its first line. */
static void
syntax_error(builder *b)
{
    unsigned char *msg;
    unsigned long line, column;
    size_t off = yajl_get_bytes_consumed(b->handle);
    char text[256];
    char *nl;

    msg = yajl_get_error(b->handle, 0, (const unsigned char *)b->data,
                         b->len);
    snprintf(text, sizeof text, "%s", msg ? (const char *)msg : "");
    if (msg)
        yajl_free_error(b->handle, msg);
    nl = strchr(text, '\n');
    if (nl)
        *nl = '\0';
    /* yajl reports the offset after the offending byte */
    off = off > 0 ? off - 1 : 0;
    if (off > 0 && off < b->len && b->data[off] != '-' && b->data[off] != '+'
        && strchr("-+", b->data[off - 1]) != NULL)
        off--;                  /* "-Infinity": point at the sign */
    locate(b, off, &line, &column);
    if (b->len == 0)
        line = column = 1;
    if (unclosed_comment(b, &off))
    {
        b->line_off = 0;
        b->line = b->column = 1;
        locate(b, off, &line, &column);
        exattn_error__set(b->err, EXATTN_ESYNTAX, b->name, line, column,
                          "an unclosed comment (/* without its */)");
    }
    else if (off < b->len && non_number(b->data + off, b->len - off))
        exattn_error__set(b->err, EXATTN_ESYNTAX, b->name, line, column,
            "NaN and Infinity are not JSON numbers (nor exact ones): "
            "write an exact number");
    else
        exattn_error__set(b->err, EXATTN_ESYNTAX, b->name, line, column,
                          "malformed JSON: %s", text);
}

static int
parse(exattn_jnode **out, const char *data, size_t len, const char *name,
      size_t max_depth, int pack_rows, exattn_error_t *err)
{
    builder b;
    yajl_status st;

    *out = NULL;
    memset(&b, 0, sizeof b);
    b.pack_rows = pack_rows;
    b.data = data;
    b.len = len;
    b.name = name;
    b.line = b.column = 1;
    b.max_depth = max_depth;
    b.err = err;
    b.stack = malloc((max_depth + 1) * sizeof *b.stack);
    b.handle = yajl_alloc(&callbacks, NULL, &b);
    /* // and block comments, for the notes authors keep in a lesson */
    if (b.handle != NULL)
        yajl_config(b.handle, yajl_allow_comments, 1);
    if (b.stack == NULL || b.handle == NULL)
    {
        free(b.stack);
        if (b.handle)
            yajl_free(b.handle);
        return exattn_error__set(err, EXATTN_ENOMEM, name, 0, 0,
                                 "out of memory");
    }
    if (check_bytes(&b) != EXATTN_OK)
    {
        b.failed = 1;
        st = yajl_status_error;
    }
    else if (only_space(data, len))
    {
        b.failed = 1;
        st = yajl_status_error;
        exattn_error__set(err, EXATTN_ESYNTAX, name, 0, 0, len == 0
                          ? "malformed JSON: the file is empty"
                          : "malformed JSON: the file holds only white "
                            "space");
    }
    else
    {
        /* positions are counted again for the parse */
        b.line_off = 0;
        b.line = b.column = 1;
        st = yajl_parse(b.handle, (const unsigned char *)data, len);
        if (st == yajl_status_ok)
            st = yajl_complete_parse(b.handle);
    }
    if (st != yajl_status_ok && !b.failed)
        syntax_error(&b);
    if (b.pending_key)
        exattn_json__free(b.pending_key);
    yajl_free(b.handle);
    free(b.stack);
    if (st != yajl_status_ok || b.root == NULL)
    {
        exattn_json__free(b.root);
        return err ? err->code : EXATTN_ESYNTAX;
    }
    *out = b.root;
    return EXATTN_OK;
}

int
exattn_json__parse(exattn_jnode **out, const char *data, size_t len,
                   const char *name, size_t max_depth, exattn_error_t *err)
{
    return parse(out, data, len, name, max_depth, 0, err);
}

int
exattn_json__parse_rows(exattn_jnode **out, const char *data, size_t len,
                        const char *name, size_t max_depth,
                        exattn_error_t *err)
{
    return parse(out, data, len, name, max_depth, 1, err);
}

const exattn_jnode *
exattn_json__item(const exattn_jnode *array, size_t i, exattn_jnode *scratch)
{
    const exattn_jnum *num;

    if (array->row == NULL)
        return array->items[i];
    num = &array->row->nums[i];
    memset(scratch, 0, sizeof *scratch);
    scratch->kind = EXATTN_J_NUMBER;
    scratch->line = num->line;
    scratch->column = num->column;
    scratch->text = array->row->text + num->off;
    scratch->len = num->len;
    return scratch;
}

void
exattn_json__free(exattn_jnode *node)
{
    size_t i;

    if (node == NULL)
        return;
    /* a packed row's count is its numbers'; a row unpacked part way
       (out of memory) holds `count` nodes as well */
    for (i = 0; node->items != NULL && i < node->count; i++)
    {
        exattn_json__free(node->items[i]);
        if (node->keys)
            exattn_json__free(node->keys[i]);
    }
    free(node->items);
    free(node->keys);
    free_row(node);
    if (node->text != (char *)(node + 1))
        free(node->text);
    free(node);
}

const exattn_jnode *
exattn_json__get(const exattn_jnode *obj, const char *key)
{
    size_t i, len = strlen(key);

    if (obj == NULL || obj->kind != EXATTN_J_OBJECT)
        return NULL;
    for (i = 0; i < obj->count; i++)
        if (obj->keys[i]->len == len
            && memcmp(obj->keys[i]->text, key, len) == 0)
            return obj->items[i];
    return NULL;
}

const char *
exattn_json__kind_name(exattn_jkind kind)
{
    switch (kind)
    {
    case EXATTN_J_NULL: return "null";
    case EXATTN_J_BOOL: return "a boolean";
    case EXATTN_J_NUMBER: return "a number";
    case EXATTN_J_STRING: return "a string";
    case EXATTN_J_ARRAY: return "an array";
    case EXATTN_J_OBJECT: return "an object";
    }
    return "a value";
}

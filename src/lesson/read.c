/* Reading a lesson file: bytes, JSON, the top-level fields, and variants
 * (the base lesson with some fields overridden by name). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lesson/resolve.h"
#include "claims/read.h"
#include "block/spec.h"

static const char *const top_fields[] = {
    "title", "tokens", "query_tokens", "Q", "K", "V", "X", "memory", "W_Q",
    "W_K", "W_V", "scale", "mask", "blends", "variants", "claims",
    "query_multiplier", "value_override", "permute", "block", "lab",
    "floats", NULL
};

static const char *const variant_fields[] = {
    "name", "title", "tokens", "query_tokens", "Q", "K", "V", "X", "memory",
    "W_Q", "W_K", "W_V", "scale", "mask", "blends", "query_multiplier",
    "value_override", "permute", "contrast", "block", NULL
};

/* The lab's interventions act on the lesson's own head after projection;
 * a variant that places the lesson in a block does not inherit them. */
static int
lab_only(const char *name)
{
    static const char *const lab[] = { "query_multiplier", "value_override",
                                       "permute", "blends", NULL };
    const char *const *g;

    for (g = lab; *g; g++)
        if (strcmp(*g, name) == 0)
            return 1;
    return 0;
}

/* Fields that describe the matrices one way or the other: a variant that
 * gives one group replaces the base's other group as a whole. */
static int
in_group(const char *name, int projected)
{
    static const char *const direct[] = { "Q", "K", "V", NULL };
    static const char *const proj[] = { "X", "memory", "W_Q", "W_K", "W_V",
                                        NULL };
    const char *const *g = projected ? proj : direct;

    for (; *g; g++)
        if (strcmp(*g, name) == 0)
            return 1;
    return 0;
}

/* Collect the members of `obj` except the named ones. */
static int
view_alloc(exattn_fields *f, size_t cap)
{
    f->count = 0;
    f->names = malloc((cap ? cap : 1) * sizeof *f->names);
    f->values = malloc((cap ? cap : 1) * sizeof *f->values);
    return f->names != NULL && f->values != NULL;
}

static void
view_free(exattn_fields *f)
{
    free(f->names);
    free(f->values);
}

static void
view_add(exattn_fields *f, const exattn_jnode *name, const exattn_jnode *v)
{
    f->names[f->count] = name;
    f->values[f->count++] = v;
}

static int
base_view(exattn_fields *f, const exattn_jnode *root)
{
    size_t i;

    if (!view_alloc(f, root->count))
        return 0;
    for (i = 0; i < root->count; i++)
        if (strcmp(root->keys[i]->text, "variants") != 0
            && strcmp(root->keys[i]->text, "claims") != 0
            && strcmp(root->keys[i]->text, "lab") != 0)
            view_add(f, root->keys[i], root->items[i]);
    return 1;
}

/* The base's fields with the variant's put over them by name. */
static int
variant_view(exattn_fields *f, const exattn_fields *base,
             const exattn_jnode *var)
{
    int gives_direct = 0, gives_proj = 0, gives_block;
    size_t i;

    if (!view_alloc(f, base->count + var->count))
        return 0;
    for (i = 0; i < var->count; i++)
    {
        gives_direct |= in_group(var->keys[i]->text, 0);
        gives_proj |= in_group(var->keys[i]->text, 1);
    }
    gives_block = exattn_json__get(var, "block") != NULL;
    for (i = 0; i < base->count; i++)
    {
        const char *name = base->names[i]->text;

        if (exattn_json__get(var, name) != NULL
            || (gives_direct && in_group(name, 1))
            || (gives_proj && in_group(name, 0))
            || (gives_block && lab_only(name)))
            continue;
        view_add(f, base->names[i], base->values[i]);
    }
    for (i = 0; i < var->count; i++)
        if (strcmp(var->keys[i]->text, "name") != 0
            && strcmp(var->keys[i]->text, "contrast") != 0)
            view_add(f, var->keys[i], var->items[i]);
    return 1;
}

static int
read_variant(exattn_lesson **out, const exattn_fields *base,
             const exattn_jnode *var, const exattn_rctx *rc0)
{
    const exattn_jnode *name;
    exattn_lesson *l;
    exattn_fields view;
    exattn_rctx rc = *rc0;
    char prefix[128];
    int code;

    if ((code = exattn_lesson__check_members(rc0, var, "variant",
                                             variant_fields)) != EXATTN_OK)
        return code;
    name = exattn_json__get(var, "name");
    if (name == NULL || name->kind != EXATTN_J_STRING)
        return exattn_lesson__fail(rc0, EXATTN_EFIELD, name ? name : var,
                                   "a variant needs a \"name\" (a string)");
    snprintf(prefix, sizeof prefix, "variant \"%.80s\": ", name->text);
    rc.prefix = prefix;
    l = exattn_lesson__new(rc.file);
    if (l == NULL || !variant_view(&view, base, var))
    {
        exattn_lesson_free(l);
        return exattn_lesson__fail(rc0, EXATTN_ENOMEM, var, "out of memory");
    }
    l->name = exattn_str__dup(name->text);
    code = l->name ? exattn_lesson__resolve_fields(l, &rc, &view)
                   : exattn_lesson__fail(rc0, EXATTN_ENOMEM, var,
                                         "out of memory");
    view_free(&view);
    if (code != EXATTN_OK)
    {
        exattn_lesson_free(l);
        return code;
    }
    *out = l;
    return EXATTN_OK;
}

/* What variant k is contrasted with: "contrast" names another variant;
 * without it, the base lesson. */
static int
read_contrast(exattn_lesson *l, size_t k, const exattn_jnode *var,
              const exattn_rctx *rc)
{
    const exattn_jnode *name = exattn_json__get(var, "contrast");
    size_t i;

    /* a block is derived stage by stage, not contrasted row by row */
    l->variants[k]->contrast = l->variants[k]->block ? NULL : l;
    if (name == NULL)
        return EXATTN_OK;
    if (l->variants[k]->block != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, name,
            "variant \"%.60s\": a variant with a \"block\" has no "
            "\"contrast\" (its stages are derived in full)",
            l->variants[k]->name);
    if (name->kind == EXATTN_J_STRING)
        for (i = 0; i < l->variant_count; i++)
            if (i != k && strcmp(l->variants[i]->name, name->text) == 0)
            {
                if (l->variants[i]->block != NULL)
                    return exattn_lesson__fail(rc, EXATTN_EFIELD, name,
                        "variant \"%.60s\": \"contrast\" names \"%.60s\","
                        " a block, which has no rows to contrast with",
                        l->variants[k]->name, l->variants[i]->name);
                l->variants[k]->contrast = l->variants[i];
                return EXATTN_OK;
            }
    return exattn_lesson__fail(rc, EXATTN_EFIELD, name,
        "variant \"%.60s\": \"contrast\" names no other variant",
        l->variants[k]->name);
}

static int
read_variants(exattn_lesson *l, const exattn_fields *base,
              const exattn_jnode *node, const exattn_rctx *rc)
{
    size_t i;
    int code;

    if (node == NULL)
        return EXATTN_OK;
    if ((code = exattn_lesson__array(rc, node, "variants", "objects"))
        != EXATTN_OK)
        return code;
    l->variants = calloc(node->count ? node->count : 1, sizeof *l->variants);
    if (l->variants == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (i = 0; i < node->count; i++)
    {
        if ((code = read_variant(&l->variants[i], base, node->items[i], rc))
            != EXATTN_OK)
            return code;
        l->variant_count = i + 1;
    }
    for (i = 0; i < node->count; i++)
        if ((code = read_contrast(l, i, node->items[i], rc)) != EXATTN_OK)
            return code;
    return EXATTN_OK;
}

/* "floats": "binary32": the matrices' entries are floats of that format
 * (a program's inputs, read exactly), for the lesson and its variants. */
static int
read_floats(exattn_rctx *rc, const exattn_jnode *root)
{
    const exattn_jnode *f = exattn_json__get(root, "floats");

    if (f == NULL)
        return EXATTN_OK;
    if (f->kind == EXATTN_J_STRING
        && (rc->floats = exattn_float__format(f->text)) != NULL)
        return EXATTN_OK;
    return exattn_lesson__fail(rc, EXATTN_EFIELD, f, "\"floats\": the "
                               "format of the matrices' floats (%s), found "
                               "%s%.40s", exattn_float__format_names(),
                               f->kind == EXATTN_J_STRING ? "" :
                               exattn_json__kind_name(f->kind),
                               f->kind == EXATTN_J_STRING ? f->text : "");
}

static int
read_root(exattn_lesson *l, const exattn_jnode *root, const exattn_rctx *rc0)
{
    exattn_rctx floats = *rc0, *rc = &floats;
    exattn_fields base;
    int code;

    if (root->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, root,
            "a lesson file holds one JSON object, found %s",
            exattn_json__kind_name(root->kind));
    if ((code = exattn_lesson__check_members(rc, root, "lesson", top_fields))
        != EXATTN_OK || (code = read_floats(rc, root)) != EXATTN_OK)
        return code;
    if (!base_view(&base, root))
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, root, "out of memory");
    code = exattn_lesson__resolve_fields(l, rc, &base);
    if (code == EXATTN_OK && l->block != NULL
        && exattn_json__get(root, "variants") != NULL)
        code = exattn_lesson__fail(rc, EXATTN_EFIELD,
            exattn_json__get(root, "variants"),
            "a lesson with a \"block\" has no \"variants\": give the lab "
            "lesson at the top and the block in a variant");
    if (code == EXATTN_OK)
        code = exattn_lesson__read_lab_spec(l, rc,
                                            exattn_json__get(root, "lab"));
    if (code == EXATTN_OK)
        code = read_variants(l, &base, exattn_json__get(root, "variants"),
                             rc);
    if (code == EXATTN_OK)
        code = exattn_claims__read(l, exattn_json__get(root, "claims"),
                                   rc);
    view_free(&base);
    return code;
}

int
exattn_lesson_read_buffer(exattn_lesson **out, const char *data, size_t len,
                          const char *name, const exattn_limits_t *limits,
                          exattn_error_t *err)
{
    static const exattn_limits_t defaults = EXATTN_LIMITS_INIT;
    exattn_rctx rc;
    exattn_jnode *root = NULL;
    exattn_lesson *l;
    int code;

    *out = NULL;
    if (limits != NULL && limits->version != EXATTN_LIMITS_VERSION)
        return exattn_error__set(err, EXATTN_EINVAL, name, 0, 0,
                                 "limits of another version (%u, not %u): "
                                 "start from EXATTN_LIMITS_INIT",
                                 limits->version, EXATTN_LIMITS_VERSION);
    memset(&rc, 0, sizeof rc);
    rc.file = name ? name : "<lesson>";
    rc.prefix = "";
    rc.limits = limits ? limits : &defaults;
    rc.err = err;
    if (len > rc.limits->max_file_bytes)
        return exattn_lesson__fail(&rc, EXATTN_ELIMIT, NULL,
            "%zu bytes, more than the limit of %zu", len,
            rc.limits->max_file_bytes);
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
    {
        /* a byte-order mark, as some editors write: not a column */
        data += 3;
        len -= 3;
    }
    code = exattn_json__parse_rows(&root, data, len, rc.file,
                                   rc.limits->max_depth, err);
    if (code != EXATTN_OK)
        return code;
    l = exattn_lesson__new(rc.file);
    if (l == NULL)
        code = exattn_lesson__fail(&rc, EXATTN_ENOMEM, NULL, "out of memory");
    else
        code = read_root(l, root, &rc);
    exattn_json__free(root);
    if (code != EXATTN_OK)
    {
        exattn_lesson_free(l);
        return code;
    }
    *out = l;
    return EXATTN_OK;
}

/* Read all of `fd` into *data (NUL-terminated), at most max_bytes. */
static int
read_all(char **data, size_t *len, int fd, const char *path,
         size_t max_bytes, exattn_error_t *err)
{
    size_t cap = 65536, got = 0;
    char *buf = malloc(cap + 1), *bigger;
    ssize_t r;

    for (;;)
    {
        if (buf == NULL)
            return exattn_error__set(err, EXATTN_ENOMEM, path, 0, 0,
                                     "out of memory");
        if (got > max_bytes)
        {
            free(buf);
            return exattn_error__set(err, EXATTN_ELIMIT, path, 0, 0,
                "more than the limit of %zu bytes", max_bytes);
        }
        if (got == cap)
        {
            cap *= 2;
            bigger = realloc(buf, cap + 1);
            if (bigger == NULL)
                free(buf);
            buf = bigger;
            continue;
        }
        r = read(fd, buf + got, cap - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
        {
            free(buf);
            return exattn_error__set(err, EXATTN_EIO, path, 0, 0,
                                     "cannot read: %s", strerror(errno));
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    buf[got] = '\0';
    *data = buf;
    *len = got;
    return EXATTN_OK;
}

/* Read the whole file, refusing directories and regular files over the
 * limit before reading them. */
static int
slurp(char **data, size_t *len, const char *path, size_t max_bytes,
      exattn_error_t *err)
{
    struct stat st;
    int code, fd = open(path, O_RDONLY);

    if (fd < 0)
        return exattn_error__set(err, EXATTN_EIO, path, 0, 0,
                                 "cannot open: %s", strerror(errno));
    if (fstat(fd, &st) != 0)
        code = exattn_error__set(err, EXATTN_EIO, path, 0, 0,
                                 "cannot read: %s", strerror(errno));
    else if (S_ISDIR(st.st_mode))
        code = exattn_error__set(err, EXATTN_EIO, path, 0, 0,
                                 "cannot read: is a directory");
    else if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size
                                        > (unsigned long long)max_bytes)
        code = exattn_error__set(err, EXATTN_ELIMIT, path, 0, 0,
            "%lld bytes, more than the limit of %zu",
            (long long)st.st_size, max_bytes);
    else
        code = read_all(data, len, fd, path, max_bytes, err);
    close(fd);
    return code;
}

int
exattn_lesson_read_file(exattn_lesson **out, const char *path,
                        const exattn_limits_t *limits, exattn_error_t *err)
{
    static const exattn_limits_t defaults = EXATTN_LIMITS_INIT;
    const exattn_limits_t *lim = limits ? limits : &defaults;
    char *data = NULL;
    size_t len = 0;
    int code;

    *out = NULL;
    if (lim->version != EXATTN_LIMITS_VERSION)
        return exattn_lesson_read_buffer(out, "", 0, path, lim, err);
    code = slurp(&data, &len, path, lim->max_file_bytes, err);
    if (code != EXATTN_OK)
        return code;
    code = exattn_lesson_read_buffer(out, data, len, path, lim, err);
    free(data);
    return code;
}

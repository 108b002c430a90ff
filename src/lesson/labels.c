/* Token labels of key and query rows; "1", "2", ... when none are given. */
#include <stdio.h>
#include <stdlib.h>
#include "lesson/resolve.h"

int
exattn_lesson__default_labels(char ***out, size_t count)
{
    char **labels = calloc(count ? count : 1, sizeof *labels);
    char buf[32];
    size_t i;

    if (labels == NULL)
        return EXATTN_ENOMEM;
    for (i = 0; i < count; i++)
    {
        snprintf(buf, sizeof buf, "%zu", i + 1);
        labels[i] = exattn_str__dup(buf);
        if (labels[i] == NULL)
        {
            exattn_lesson__free_labels(labels, count);
            return EXATTN_ENOMEM;
        }
    }
    *out = labels;
    return EXATTN_OK;
}

int
exattn_lesson__read_labels(exattn_lesson *l, const exattn_rctx *rc,
                           const exattn_fields *f)
{
    const exattn_jnode *tokens = exattn_lesson__field(f, "tokens");
    const exattn_jnode *qtokens = exattn_lesson__field(f, "query_tokens");
    int code;

    l->default_key_labels = tokens == NULL;
    code = tokens ? exattn_lesson__labels(&l->key_labels, rc, tokens,
                                          "tokens (one per key row)", l->m)
                  : exattn_lesson__default_labels(&l->key_labels, l->m);
    if (code != EXATTN_OK)
        return code == EXATTN_ENOMEM
                   ? exattn_lesson__fail(rc, code, NULL, "out of memory")
                   : code;
    /* Query rows are the key rows in self-attention (n = m). */
    if (qtokens == NULL && tokens != NULL && l->n == l->m)
        qtokens = tokens;
    l->default_query_labels = qtokens == NULL;
    code = qtokens ? exattn_lesson__labels(&l->query_labels, rc, qtokens,
                                           "query_tokens (one per query row)",
                                           l->n)
                   : exattn_lesson__default_labels(&l->query_labels, l->n);
    if (code == EXATTN_ENOMEM)
        return exattn_lesson__fail(rc, code, NULL, "out of memory");
    return code;
}

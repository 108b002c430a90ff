/* A sentence about another computation: "Take two scores, say 8 and 0.
 * Divided by 8 they become 1 and 0, with weights 0.731 and 0.269."  Its
 * 0.731 and 0.269 are no quantity of the lesson, so its 1 -- which a
 * scaled score of the lesson happens to be -- is no result either: a
 * number many quantities share, bound by a word of its kind alone, is a
 * mention when at least two other numbers of its sentence are no
 * quantity of the lesson and none is one (docs/cli.md, "Results and
 * mentions"). */
#include "audit/decide.h"

#define FOREIGN 2               /* unsourced neighbours that make a
                                   sentence another computation's */

/* Of the numbers of sentence [from, to) of the page but i: how many are
 * no quantity, how many are one. */
static void
neighbours(const exattn_audit_result *results, size_t from, size_t to,
           size_t i, size_t *foreign, size_t *own)
{
    size_t j;

    *foreign = *own = 0;
    for (j = from; j < to; j++)
    {
        if (j == i)
            continue;
        if (results[j].verdict == EXATTN_AUDIT_UNSOURCED)
            ++*foreign;
        else if ((results[j].verdict == EXATTN_AUDIT_PASS
                  && !results[j].by_kind_only)
                 || results[j].verdict == EXATTN_AUDIT_NAMED
                 || results[j].verdict == EXATTN_AUDIT_FAIL
                 || results[j].verdict == EXATTN_AUDIT_WORDING)
            ++*own;
    }
}

int
exattn_audit__cohorts(exattn_audit_result *results, const exattn_page *page)
{
    size_t from = 0, to, i, foreign, own;

    /* the page's numbers come in page order: a sentence is a run of
     * them with one start */
    while (from < page->count)
    {
        for (to = from + 1; to < page->count
                            && page->items[to].sentence
                               == page->items[from].sentence;
             to++)
            ;
        for (i = from; i < to; i++)
        {
            if (!results[i].by_kind_only)
                continue;
            neighbours(results, from, to, i, &foreign, &own);
            if (foreign >= FOREIGN && own == 0
                && exattn_audit__mention(&results[i],
                                         "its sentence's other numbers are "
                                         "no quantity of the lesson: "
                                         "another computation's", NULL)
                       != EXATTN_OK)
                return EXATTN_ENOMEM;
        }
        from = to;
    }
    return EXATTN_OK;
}

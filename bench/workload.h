/* The scale workload (issue 7), shared by the lesson generator and the
 * baseline so that both see the same head: n tokens, Q, K (n x d) and
 * V (n x d) with entries uniform in [-3, 3] from a seeded splitmix64,
 * drawn row by row, Q first, then K, then V; causal mask; the default
 * scale 1/sqrt(d). */
#ifndef EXATTN_BENCH_WORKLOAD_H
#define EXATTN_BENCH_WORKLOAD_H

#include <stdint.h>
#include <stdlib.h>

typedef struct
{
    size_t n, d;
    int *q, *k, *v;             /* n x d each, row-major */
} workload;

static uint64_t
workload_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* uniform in [-3, 3]: rejection keeps the 7 values equally likely */
static int
workload_entry(uint64_t *state)
{
    uint64_t x;

    do
        x = workload_next(state) >> 32;
    while (x >= 4294967292ULL);     /* 7 * 613566756: a multiple of 7 */
    return (int)(x % 7) - 3;
}

static int
workload_make(workload *w, size_t n, size_t d, uint64_t seed)
{
    size_t i;
    uint64_t state = seed;

    w->n = n;
    w->d = d;
    w->q = malloc(3 * n * d * sizeof *w->q);
    if (w->q == NULL)
        return -1;
    w->k = w->q + n * d;
    w->v = w->k + n * d;
    for (i = 0; i < 3 * n * d; i++)
        w->q[i] = workload_entry(&state);
    return 0;
}

static void
workload_free(workload *w)
{
    free(w->q);
}

#endif

/* Writes the scale workload (bench/workload.h) as a lesson file:
 *   gen_head N D [SEED] > lesson.json
 * Q, K, V given directly, causal mask, the default scale 1/sqrt(d_k). */
#include <stdio.h>
#include <stdlib.h>
#include "workload.h"

static void
print_matrix(const char *name, const int *a, size_t n, size_t d)
{
    size_t i, c;

    printf(" \"%s\": [\n", name);
    for (i = 0; i < n; i++)
    {
        printf("  [");
        for (c = 0; c < d; c++)
            printf("%s%d", c ? "," : "", a[i * d + c]);
        printf("]%s\n", i + 1 < n ? "," : "");
    }
    printf(" ]");
}

int
main(int argc, char **argv)
{
    workload w;
    size_t n, d;
    uint64_t seed;

    if (argc < 3)
    {
        fprintf(stderr, "usage: gen_head N D [SEED]\n");
        return 2;
    }
    n = strtoul(argv[1], NULL, 10);
    d = strtoul(argv[2], NULL, 10);
    seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    if (n == 0 || d == 0 || workload_make(&w, n, d, seed) != 0)
    {
        fprintf(stderr, "gen_head: bad size or out of memory\n");
        return 2;
    }
    printf("{\"title\": \"Generated head: n = %zu, d = %zu, seed %llu\",\n",
           n, d, (unsigned long long)seed);
    printf(" \"mask\": \"causal\",\n");
    print_matrix("Q", w.q, n, d);
    printf(",\n");
    print_matrix("K", w.k, n, d);
    printf(",\n");
    print_matrix("V", w.v, n, d);
    printf("\n}\n");
    workload_free(&w);
    return 0;
}

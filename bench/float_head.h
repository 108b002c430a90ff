/* The float-head workload (issue 29), shared by its generator, the
 * float32 program graded and the MPFR baseline: n tokens, Q, K and V
 * (n x d) of binary32 floats, normally distributed (Box-Muller on a
 * seeded splitmix64, then rounded to float), drawn Q, K, V row by row;
 * causal mask; the default scale 1/sqrt(d).  Matrices travel as .npy
 * files (version 1, '<f4', C order), the format NumPy and exattn read. */
#ifndef EXATTN_BENCH_FLOAT_HEAD_H
#define EXATTN_BENCH_FLOAT_HEAD_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline uint64_t
fh_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* a standard normal draw, rounded to float */
static inline float
fh_normal(uint64_t *state)
{
    double u = ((double)(fh_next(state) >> 11) + 0.5) * 0x1p-53;
    double v = ((double)(fh_next(state) >> 11) + 0.5) * 0x1p-53;

    return (float)(sqrt(-2 * log(u)) * cos(6.283185307179586 * v));
}

/* Q, K, V of the workload: 3 n d floats, Q first. */
static inline float *
fh_inputs(size_t n, size_t d)
{
    float *x = malloc(3 * n * d * sizeof *x);
    uint64_t state = 29;
    size_t i;

    if (x == NULL)
        return NULL;
    for (i = 0; i < 3 * n * d; i++)
        x[i] = fh_normal(&state);
    return x;
}

/* rows x cols floats as a .npy file; 0 on success */
static inline int
fh_write_npy(const char *path, const float *a, size_t rows, size_t cols)
{
    char head[128];
    int len = snprintf(head, sizeof head,
                       "{'descr': '<f4', 'fortran_order': False, "
                       "'shape': (%zu, %zu), }", rows, cols);
    size_t pad = 64 - (size_t)(10 + len + 1) % 64;
    FILE *f = fopen(path, "wb");
    unsigned char pre[10] = { 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0, 0 };
    size_t total = (size_t)len + pad + 1, i;
    int ok;

    if (f == NULL)
        return 1;
    pre[8] = (unsigned char)(total & 0xff);
    pre[9] = (unsigned char)(total >> 8);
    ok = fwrite(pre, 1, 10, f) == 10 && fwrite(head, 1, (size_t)len, f)
                                            == (size_t)len;
    for (i = 0; ok && i < pad; i++)
        ok = fputc(' ', f) != EOF;
    ok = ok && fputc('\n', f) != EOF
         && fwrite(a, sizeof *a, rows * cols, f) == rows * cols;
    return fclose(f) != 0 || !ok;
}

/* rows x cols floats from a .npy file this header wrote; NULL on error */
static inline float *
fh_read_npy(const char *path, size_t rows, size_t cols)
{
    unsigned char pre[10];
    FILE *f = fopen(path, "rb");
    float *a = malloc(rows * cols * sizeof *a);
    int ok;

    ok = f != NULL && a != NULL && fread(pre, 1, 10, f) == 10
         && fseek(f, 10 + pre[8] + 256L * pre[9], SEEK_SET) == 0
         && fread(a, sizeof *a, rows * cols, f) == rows * cols;
    if (f != NULL)
        fclose(f);
    if (!ok)
    {
        free(a);
        return NULL;
    }
    return a;
}

/* The arguments N D DIR and DIR's Q, K, V; 0, or 2 after a usage
 * message, 1 when a file cannot be read. */
static inline int
fh_load(int argc, char **argv, const char *program, size_t *n, size_t *d,
        float **q, float **k, float **v)
{
    char path[4096];

    if (argc != 4 || (*n = strtoul(argv[1], NULL, 10)) == 0
        || (*d = strtoul(argv[2], NULL, 10)) == 0)
    {
        fprintf(stderr, "usage: %s N D DIR\n", program);
        return 2;
    }
    snprintf(path, sizeof path, "%s/Q.npy", argv[3]);
    *q = fh_read_npy(path, *n, *d);
    snprintf(path, sizeof path, "%s/K.npy", argv[3]);
    *k = fh_read_npy(path, *n, *d);
    snprintf(path, sizeof path, "%s/V.npy", argv[3]);
    *v = fh_read_npy(path, *n, *d);
    return *q && *k && *v ? 0 : 1;
}

#endif

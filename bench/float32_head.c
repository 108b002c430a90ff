/* float32_head N D DIR: the graded program -- causal softmax attention of
 * DIR's Q, K, V computed in float32 the straightforward way (dot products
 * in order, scale 1/sqrtf(d), the row's maximum subtracted, expf, one
 * sum, one division per weight, outputs accumulated in order), written
 * as DIR/output.npy and the results file DIR/results.json naming it. */
#include "float_head.h"

int
main(int argc, char **argv)
{
    size_t n, d, i, j, c;
    float *q, *k, *v, *out, *w;
    char path[4096];
    FILE *f;
    int rc;

    if ((rc = fh_load(argc, argv, "float32_head", &n, &d, &q, &k, &v)) != 0)
        return rc;
    out = calloc(n * d, sizeof *out);
    w = malloc(n * sizeof *w);
    if (!out || !w)
        return 1;
    for (i = 0; i < n; i++)
    {
        float scale = 1.0f / sqrtf((float)d), max = -INFINITY, sum = 0;

        for (j = 0; j <= i; j++)
        {
            float s = 0;

            for (c = 0; c < d; c++)
                s += q[i * d + c] * k[j * d + c];
            w[j] = s * scale;
            if (w[j] > max)
                max = w[j];
        }
        for (j = 0; j <= i; j++)
            sum += w[j] = expf(w[j] - max);
        for (j = 0; j <= i; j++)
        {
            w[j] /= sum;
            for (c = 0; c < d; c++)
                out[i * d + c] += w[j] * v[j * d + c];
        }
    }
    snprintf(path, sizeof path, "%s/output.npy", argv[3]);
    if (fh_write_npy(path, out, n, d))
        return 1;
    snprintf(path, sizeof path, "%s/results.json", argv[3]);
    if ((f = fopen(path, "w")) == NULL)
        return 1;
    fprintf(f, "{\"format\": \"binary32\",\n"
               " \"values\": {\"output\": {\"npy\": \"output.npy\"}}}\n");
    free(q);
    free(k);
    free(v);
    free(out);
    free(w);
    return fclose(f) != 0;
}

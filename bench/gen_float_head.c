/* gen_float_head N D DIR: the float-head workload (float_head.h) as
 * DIR/Q.npy, K.npy, V.npy and the lesson DIR/lesson.json that names them
 * ("floats": "binary32", causal mask, default scale). */
#include "float_head.h"

int
main(int argc, char **argv)
{
    size_t n, d;
    float *x;
    char path[4096];
    FILE *f;
    int bad;

    if (argc != 4 || (n = strtoul(argv[1], NULL, 10)) == 0
        || (d = strtoul(argv[2], NULL, 10)) == 0)
    {
        fprintf(stderr, "usage: gen_float_head N D DIR\n");
        return 2;
    }
    if ((x = fh_inputs(n, d)) == NULL)
        return 1;
    snprintf(path, sizeof path, "%s/Q.npy", argv[3]);
    bad = fh_write_npy(path, x, n, d);
    snprintf(path, sizeof path, "%s/K.npy", argv[3]);
    bad |= fh_write_npy(path, x + n * d, n, d);
    snprintf(path, sizeof path, "%s/V.npy", argv[3]);
    bad |= fh_write_npy(path, x + 2 * n * d, n, d);
    snprintf(path, sizeof path, "%s/lesson.json", argv[3]);
    if (bad || (f = fopen(path, "w")) == NULL)
        return 1;
    fprintf(f, "{\"title\": \"A float32 head: n = %zu, d = %zu\",\n"
               " \"floats\": \"binary32\",\n"
               " \"Q\": {\"npy\": \"Q.npy\"},\n"
               " \"K\": {\"npy\": \"K.npy\"},\n"
               " \"V\": {\"npy\": \"V.npy\"},\n"
               " \"mask\": \"causal\"}\n", n, d);
    free(x);
    return fclose(f) != 0;
}

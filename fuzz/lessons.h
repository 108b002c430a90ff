/* The small lessons the harnesses audit pages against, shared so that
 * each harness reaches the same stages. */
#ifndef EXATTN_FUZZ_LESSONS_H
#define EXATTN_FUZZ_LESSONS_H

/* A block with both layer norms and a feed-forward layer: the symbols
 * of its stage table (a_{2,1}, H^{(1)}_{1,2}, x'_{1,1}, u_{2,1};
 * src/audit/symbols.c), in TeX and in exattn's text notation. */
static const char fuzz_block_json[] =
    "{\"tokens\": [\"a\", \"b\"], \"X\": [[1,0],[0,2]],"
    " \"W_Q\": [[1,0],[0,1]], \"W_K\": [[1,1],[0,1]],"
    " \"W_V\": [[2,0],[0,1]], \"mask\": \"none\","
    " \"block\": {\"layer_norm\": {\"epsilon\": \"1/100\"},"
    " \"ffn\": {\"W_1\": [[1,0],[0,1]], \"W_2\": [[1,0],[0,1]]},"
    " \"layer_norm_2\": {\"epsilon\": \"1/100\"}}}";

#endif

/* libFuzzer harness: claims.  The input is the text of a "claims" array
 * (after one byte choosing the lesson): seed 002's lab with its variants,
 * or its encoder block.  A lesson whose claims load is checked. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "exattn.h"
#include "sink.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const lessons[] = {
    "{\"tokens\": [\"grid\",\"load\",\"rises\"], \"X\": [[1,0],[0,1],[1,1]],"
    " \"W_Q\": [[1,0],[0,1]], \"W_K\": [[1,1],[0,1]], \"W_V\": [[1,0],[0,2]],"
    " \"mask\": \"causal\", \"blends\": [{\"name\": \"half\", \"weights\": "
    "[\"1/2\", 0, \"1/2\"]}], \"variants\": [{\"name\": \"zero query\", "
    "\"query_multiplier\": {\"query\": \"rises\", \"by\": 0}}, {\"name\": "
    "\"swapped\", \"mask\": \"none\", \"permute\": [3,2,1]}], \"claims\": ",
    "{\"tokens\": [\"grid\",\"load\",\"rises\"], \"X\": [[1,0],[0,1],[1,1]],"
    " \"W_Q\": [[0,0],[0,1]], \"W_K\": [[1,1],[0,1]], \"W_V\": [[1,2],"
    "[-1,\"5/2\"]], \"mask\": \"none\", \"block\": {\"positional\": "
    "\"sinusoidal\", \"layer_norm\": {\"epsilon\": \"1/100000\"}, \"ffn\": "
    "{\"W_1\": [[1,1,-1],[1,1,1]], \"b_1\": [0,-1,0], \"W_2\": [[1,0],[0,1],"
    "[1,1]]}, \"layer_norm_2\": {\"epsilon\": {\"symbol\": \"ε\"}}}, "
    "\"claims\": ",
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *head;
    exattn_lesson *l = NULL;
    exattn_check_summary_t s;
    exattn_error_t err;
    size_t n;
    char *json;

    if (size == 0)
        return 0;
    head = lessons[data[0] % 2];
    n = strlen(head);
    json = malloc(n + size + 1);
    if (json == NULL)
        return 0;
    memcpy(json, head, n);
    memcpy(json + n, data + 1, size - 1);
    json[n + size - 1] = '}';
    exattn_error_init(&err);
    if (exattn_lesson_read_buffer(&l, json, n + size, "fuzz.json", NULL,
                                  &err) == EXATTN_OK)
    {
        (void)exattn_check_write_text(fuzz_sink(), &s, l, 256, &err);
        (void)exattn_check_write_json(fuzz_sink(), &s, l, 256, &err);
        exattn_lesson_free(l);
    }
    else
        fuzz_expect_failed(l, &err);
    free(json);
    return 0;
}

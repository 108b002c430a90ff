/* 64-bit integers to and from GMP whatever the width of long: GMP's
 * _si and _ui functions take longs, which are 32 bits in WebAssembly
 * (wasm32) and on other ILP32 targets, so an int64_t passed as a long
 * there loses its upper half.  Two 32-bit halves always fit; one path
 * for every target, so that the native tests exercise the one the
 * WebAssembly build runs. */
#include "internal.h"

void
exattn_num__set_int64(mpz_t z, int64_t v)
{
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

    mpz_set_ui(z, (unsigned long)(u >> 32));
    mpz_mul_2exp(z, z, 32);
    mpz_add_ui(z, z, (unsigned long)(u & 0xffffffffu));
    if (v < 0)
        mpz_neg(z, z);
}

int64_t
exattn_num__get_int64(const mpz_t z)
{
    uint64_t lo, hi;
    mpz_t t;

    mpz_init(t);
    mpz_abs(t, z);
    lo = (uint64_t)(mpz_get_ui(t) & 0xffffffffu);
    mpz_tdiv_q_2exp(t, t, 32);
    hi = (uint64_t)(mpz_get_ui(t) & 0xffffffffu);
    mpz_clear(t);
    lo |= hi << 32;
    return mpz_sgn(z) < 0 ? (int64_t)((uint64_t)0 - lo) : (int64_t)lo;
}

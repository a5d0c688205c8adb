/*
 * fuzz_common.h — reading a fuzz input as a stream of small decisions.
 *
 * Every read takes bytes from the front; an input that has run out reads zeros, so every input
 * is a valid program. Numbers are mostly sane (what a real host passes), sometimes extreme
 * (1e308, DBL_MAX, denormals), sometimes garbage (NaN, infinities, negative, raw bit patterns):
 * the byte that picks the class comes first, so libFuzzer's mutations move between them.
 */
#ifndef CL_FUZZ_COMMON_H
#define CL_FUZZ_COMMON_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size;
} fuzz_input;

static inline uint8_t fz_u8(fuzz_input *in) {
    if (!in->size) return 0;
    in->size--;
    return *in->data++;
}

static inline uint16_t fz_u16(fuzz_input *in) {
    uint16_t lo = fz_u8(in);
    return (uint16_t)(lo | (uint16_t)fz_u8(in) << 8);
}

static inline uint32_t fz_u32(fuzz_input *in) {
    uint32_t lo = fz_u16(in);
    return lo | (uint32_t)fz_u16(in) << 16;
}

static inline uint64_t fz_u64(fuzz_input *in) {
    uint64_t lo = fz_u32(in);
    return lo | (uint64_t)fz_u32(in) << 32;
}

static inline double fz_bits(fuzz_input *in) {
    uint64_t bits = fz_u64(in);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* NaN, infinities, negative numbers and other values no size may have. */
static inline double fz_garbage(fuzz_input *in) {
    static const double table[] = {NAN, INFINITY, -INFINITY, -1, -1e-300, -DBL_MAX, -0.0, -1e308};
    uint8_t b = fz_u8(in);
    if (b >= 248) return fz_bits(in);
    return table[b % 8];
}

/* Extreme but finite: sums of these are not finite (SPEC §11). */
static inline double fz_extreme(fuzz_input *in) {
    static const double table[] = {1e308, DBL_MAX, 1.7e308, 1e300, 1e15, 9007199254740993.0, 4.9e-324, 1e-300, 0.5, 1e6};
    return table[fz_u8(in) % 10];
}

/* An extent (a size, an inset, a spacing): mostly 0...255, sometimes extreme or garbage. */
static inline double fz_extent(fuzz_input *in) {
    uint8_t b = fz_u8(in);
    if (b < 180) return (double)fz_u8(in);
    if (b < 220) return (double)fz_u16(in) / 8.0;
    if (b < 240) return fz_extreme(in);
    return fz_garbage(in);
}

/* A coordinate or an offset: any sign; sometimes extreme (either sign) or garbage. */
static inline double fz_double(fuzz_input *in) {
    uint8_t b = fz_u8(in);
    if (b < 160) return (double)(int8_t)fz_u8(in) * 8.0;
    if (b < 210) return (double)(int16_t)fz_u16(in) / 4.0;
    if (b < 240) return (b & 1 ? -1 : 1) * fz_extreme(in);
    return fz_garbage(in);
}

#endif

// Ristretto decoding eight encodings at a time on the IFMA field (field8.hpp), and the field-level test hooks.
// Decoding is one inverse square root (~255 squarings) per point; the eight lanes of a vector run eight of them
// at once: 4.5x the portable decoder for 4096 points (docs/backends.md); the per-lane byte checks below are ~5% of
// it.
#include <cstdlib>
#include <cstring>

#include "pyristretto/ifma/decode.hpp"
#include "pyristretto/ifma/field8.hpp"
#include "pyristretto/ristretto.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

namespace {

// RFC 9496 4.3.1 DECODE of in[0..8) into out[0..8), step for step as ristretto_decode (ristretto.cpp); returns
// the mask of valid lanes. The byte checks (canonical, sign of s) are the portable code's, lane by lane; the
// square root and the point are computed on all eight lanes at once. No branch on the bytes.
PYR_IFMA_FN __mmask8 decode8(EdwardsPoint out[8], const uint8_t* in) {
    FieldElement s_lanes[8];
    unsigned canonical, s_negative;
    ristretto_decode_checks(in, 8, s_lanes, canonical, s_negative);
    const F8 one_ = one();
    const F8 s = load(s_lanes);
    const F8 ss = square(s);
    const F8 u1 = sub(one_, ss);
    const F8 u2 = add(one_, ss);
    const F8 u2_sqr = square(u2);
    const F8 v = sub(neg(mul(splat(constants::EDWARDS_D), square(u1))), u2_sqr);
    F8 invsqrt;
    const __mmask8 was_square = sqrt_ratio_i(one_, mul(v, u2_sqr), invsqrt);
    const F8 den_x = mul(invsqrt, u2);
    const F8 den_y = mul(mul(invsqrt, den_x), v);
    const F8 x = abs(mul(add(s, s), den_x));
    const F8 y = mul(u1, den_y);
    const F8 t = mul(x, y);
    const __mmask8 ok = static_cast<__mmask8>(canonical & ~s_negative & was_square & ~is_negative(t) & ~is_zero(y));

    FieldElement* xs[8];
    FieldElement* ys[8];
    FieldElement* ts[8];
    for (int j = 0; j < 8; ++j) {
        xs[j] = &out[j].X;
        ys[j] = &out[j].Y;
        ts[j] = &out[j].T;
        out[j].Z = FieldElement::one();
    }
    store(x, xs);
    store(y, ys);
    store(t, ts);
    return ok;
}

// The first lane not set in ok, or 8 when all are (ctz of 0 is undefined).
size_t first_invalid(__mmask8 ok) { return static_cast<size_t>(__builtin_ctz((~unsigned(ok) & 0xffu) | 0x100u)); }

}  // namespace

PYR_IFMA_FN size_t decode_many(EdwardsPoint* out, const uint8_t* encodings, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __mmask8 ok = decode8(out + i, encodings + 32 * i);
        if (ok != 0xff) return i + first_invalid(ok);
    }
    if (i == n) return n;
    // A lone last point decodes faster alone: a batch costs what a full one does, about two portable decodes.
    if (n - i == 1) return ristretto_decode(out[i], encodings + 32 * i) ? n : i;
    // The tail: padded with the identity's encoding (all zero bytes, valid), whose lanes are then ignored.
    uint8_t padded[8 * 32] = {};
    EdwardsPoint decoded[8];
    const size_t rest = n - i;
    std::memcpy(padded, encodings + 32 * i, 32 * rest);
    const __mmask8 ok = decode8(decoded, padded);
    const size_t bad = first_invalid(ok);
    const size_t good = bad < rest ? bad : rest;
    for (size_t j = 0; j < good; ++j) out[i + j] = decoded[j];
    return bad < rest ? i + bad : n;
}

// ---- test and benchmark hooks ----------------------------------------------------------------------------------

namespace {
PYR_IFMA_FN void store_all(const F8& a, FieldElement out[8]) {
    FieldElement* p[8];
    for (int j = 0; j < 8; ++j) p[j] = &out[j];
    store(a, p);
}
}  // namespace

PYR_IFMA_FN void mul_batch(FieldElement out[8], const FieldElement a[8], const FieldElement b[8]) {
    store_all(mul(load(a), load(b)), out);
}
PYR_IFMA_FN void square_batch(FieldElement out[8], const FieldElement a[8]) { store_all(square(load(a)), out); }
PYR_IFMA_FN void add_batch(FieldElement out[8], const FieldElement a[8], const FieldElement b[8]) {
    store_all(add(load(a), load(b)), out);
}
PYR_IFMA_FN void sub_batch(FieldElement out[8], const FieldElement a[8], const FieldElement b[8]) {
    store_all(sub(load(a), load(b)), out);
}
PYR_IFMA_FN void invert_batch(FieldElement out[8], const FieldElement a[8]) { store_all(invert(load(a)), out); }
PYR_IFMA_FN uint8_t sqrt_ratio_i_batch(FieldElement r[8], const FieldElement u[8], const FieldElement v[8]) {
    F8 root;
    const __mmask8 was_square = sqrt_ratio_i(load(u), load(v), root);
    store_all(root, r);
    return was_square;
}
PYR_IFMA_FN uint8_t is_zero_batch(const FieldElement a[8]) { return is_zero(load(a)); }
PYR_IFMA_FN uint8_t is_negative_batch(const FieldElement a[8]) { return is_negative(load(a)); }
PYR_IFMA_FN void canonical_batch(FieldElement out[8], const FieldElement a[8]) { store_all(canonical(load(a)), out); }

PYR_IFMA_FN void mul_chain(FieldElement x[8], const FieldElement y[8], size_t rounds) {
    F8 a = load(x);
    const F8 b = load(y);
    for (size_t r = 0; r < rounds; ++r) a = mul(a, b);
    store_all(a, x);
}
PYR_IFMA_FN void square_chain(FieldElement x[8], size_t rounds) {
    F8 a = load(x);
    for (size_t r = 0; r < rounds; ++r) a = square(a);
    store_all(a, x);
}

}  // namespace ifma
}  // namespace pyristretto

#else  // no IFMA code in this build: backend() never selects it, so these are unreachable.

namespace pyristretto {
namespace ifma {
size_t decode_many(EdwardsPoint*, const uint8_t*, size_t) { std::abort(); }
void mul_batch(FieldElement*, const FieldElement*, const FieldElement*) { std::abort(); }
void square_batch(FieldElement*, const FieldElement*) { std::abort(); }
void add_batch(FieldElement*, const FieldElement*, const FieldElement*) { std::abort(); }
void sub_batch(FieldElement*, const FieldElement*, const FieldElement*) { std::abort(); }
void invert_batch(FieldElement*, const FieldElement*) { std::abort(); }
uint8_t sqrt_ratio_i_batch(FieldElement*, const FieldElement*, const FieldElement*) { std::abort(); }
uint8_t is_zero_batch(const FieldElement*) { std::abort(); }
uint8_t is_negative_batch(const FieldElement*) { std::abort(); }
void canonical_batch(FieldElement*, const FieldElement*) { std::abort(); }
void mul_chain(FieldElement*, const FieldElement*, size_t) { std::abort(); }
void square_chain(FieldElement*, size_t) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA

// The portable backend's batches of Ristretto encodings and decodings (ristretto.hpp's *_many): one point at a
// time, but for encode_doubled, whose points share one inversion per chunk.
#include "pyristretto/portable/batch.hpp"

#include <memory>
#include <new>

#include "pyristretto/ristretto.hpp"

namespace pyristretto {
namespace portable {

namespace {
using FE = FieldElement;
}  // namespace

void encode_many(uint8_t* out, const EdwardsPoint* points, size_t n) {
    for (size_t i = 0; i < n; ++i) ristretto_encode(out + 32 * i, points[i]);
}

namespace {

// What the encoding of 2R needs of R. Doubling (HWCD, a = -1) gives 2R = (e h : f g : f h : e g) with e = 2XY,
// f = Z^2 + d T^2, g = Y^2 + X^2, h = Z^2 - d T^2, so 1/(e g f h) yields 1/Z and 1/T of 2R, and with them its
// encoding needs no square root (R plays the square root's part: curve25519-dalek's double_and_compress_batch).
// On the curve f, g, h are never zero (d is not a square); e is zero exactly when R is in E[4], i.e. 2R is the
// identity: that point's product is replaced by 1 in the batch (a mask, no branch) and its encoding forced to 0.
struct DoubleState {
    FE e, f, g, h, eg, fh, efgh, prefix;  // efgh: the batch factor (1 where zero); prefix: product of those before
    uint8_t zero;
};

void double_state(DoubleState& st, EdwardsPoint& doubled, const EdwardsPoint& r) {
    const FE dtt = constants::EDWARDS_D * r.T.square();
    const FE zz = r.Z.square();
    st.e = r.X * (r.Y + r.Y);
    st.f = zz + dtt;
    st.g = r.Y.square() + r.X.square();
    st.h = zz - dtt;
    st.eg = st.e * st.g;
    st.fh = st.f * st.h;
    st.efgh = st.eg * st.fh;
    st.zero = st.e.is_zero();
    st.efgh.conditional_assign(FE::one(), st.zero);
    doubled = EdwardsPoint{st.e * st.h, st.f * st.g, st.fh, st.eg};
}

// RFC 9496 ENCODE of 2R = (X : Y : Z : T) from 1/Z = eg / efgh and 1/T = fh / efgh (inv = 1 / efgh): the sign
// checks read x y = T/Z and the rotated x; the inverse square root of ENCODE is, for a double, g/T up to the
// constant factors magic and i.
void encode_doubled_from(uint8_t out[32], const DoubleState& st, const FE& inv) {
    const FE z_inv = st.eg * inv;
    const FE t_inv = st.fh * inv;
    const uint8_t rotate = (st.eg * z_inv).is_negative();
    FE e = st.e, g = st.g, h = st.h, magic = constants::INVSQRT_A_MINUS_D;
    e.conditional_assign(st.g, rotate);
    g.conditional_assign(-st.e, rotate);
    h.conditional_assign(st.f * constants::SQRT_M1, rotate);
    magic.conditional_assign(constants::SQRT_M1, rotate);
    g.conditional_negate((h * e * z_inv).is_negative());
    FE s = ((h - g) * (magic * (g * t_inv))).abs();
    s.conditional_assign(FE::zero(), st.zero);
    s.to_bytes(out);
}

// Points per batched inversion: one inversion (~265 squarings) is then ~1 squaring per point; 82 KiB of states.
constexpr size_t kDoubleChunk = 256;

}  // namespace

void encode_doubled(uint8_t* out, EdwardsPoint* doubled, const EdwardsPoint* halves, size_t n) {
    if (n == 0) return;
    std::unique_ptr<DoubleState[]> st(new (std::nothrow) DoubleState[n < kDoubleChunk ? n : kDoubleChunk]);
    if (!st) {  // out of memory: one doubling and one square root per point
        for (size_t i = 0; i < n; ++i) {
            doubled[i] = halves[i].dbl();
            ristretto_encode(out + 32 * i, doubled[i]);
        }
        return;
    }
    for (size_t begin = 0; begin < n; begin += kDoubleChunk) {
        const size_t m = n - begin < kDoubleChunk ? n - begin : kDoubleChunk;
        FE acc = FE::one();
        for (size_t i = 0; i < m; ++i) {
            double_state(st[i], doubled[begin + i], halves[begin + i]);
            st[i].prefix = acc;
            acc = acc * st[i].efgh;
        }
        FE inv = acc.invert();  // constant-time (an addition chain); never of zero
        for (size_t i = m; i-- > 0;) {
            encode_doubled_from(out + 32 * (begin + i), st[i], inv * st[i].prefix);
            inv = inv * st[i].efgh;
        }
    }
}

size_t decode_many(EdwardsPoint* out, const uint8_t* encodings, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (!ristretto_decode(out[i], encodings + 32 * i)) return i;
    }
    return n;
}

void from_uniform_many(EdwardsPoint* out, const uint8_t* uniform, size_t n) {
    for (size_t i = 0; i < n; ++i) out[i] = ristretto_from_uniform_point(uniform + 64 * i);
}

}  // namespace portable
}  // namespace pyristretto

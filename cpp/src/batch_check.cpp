// Random batch weights and the weighted-sum check of batch verifications (batch_check.hpp).
#include "pyristretto/batch_check.hpp"

#include <sodium.h>

#include <cstring>

#include "pyristretto/point_vector.hpp"
#include "pyristretto/ristretto.hpp"

namespace pyristretto {

void batch_weights(uint8_t* out, size_t n) noexcept {
    randombytes_buf(out, 16 * n);  // the 16n random bytes first, then spread to 32 bytes per weight
    for (size_t i = n; i-- > 0;) {
        std::memmove(out + 32 * i, out + 16 * i, 16);
        std::memset(out + 32 * i + 16, 0, 16);
    }
}

SumCheck weighted_sum_is_identity(const uint8_t* scalars, const EdwardsPoint* points, size_t n, const MSMTable* table,
                                  const uint8_t* table_scalars, size_t table_terms) noexcept {
    EdwardsPoint sum = EdwardsPoint::identity();
    if (n > 0 && !msm_vartime_points(scalars, points, n, sum)) return SumCheck::kOutOfMemory;
    if (table != nullptr && table_terms > 0) {
        EdwardsPoint part;
        if (!table->msm_vartime(table_scalars, table_terms, part)) return SumCheck::kOutOfMemory;
        sum = sum + part;
    }
    return ristretto_ct_eq(sum, EdwardsPoint::identity()) ? SumCheck::kIdentity : SumCheck::kNotIdentity;
}

}  // namespace pyristretto

// Generator folding on the IFMA backend (ifma/fold.cpp): out[i] = x lo[i] + y hi[i], i < n, for PUBLIC x and y.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// Eight pairs at a time (one per lane), one doubling chain per lane for both scalars; variable-time in x and y
// (public challenges), which every pair shares. Call only when ifma_available(). May throw
// std::bad_alloc, before writing anything. out may alias lo (not hi at another offset).
void fold_vartime(EdwardsPoint* out, const EdwardsPoint* lo, const EdwardsPoint* hi, size_t n, const uint8_t x[32],
                  const uint8_t y[32]);

}  // namespace ifma
}  // namespace pyristretto

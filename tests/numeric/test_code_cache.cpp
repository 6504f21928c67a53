// The digests that name and check the compiled-code cache's entries (code_cache.hpp): SHA-256 as
// FIPS 180-4 gives it (its examples "abc" and a million 'a's; the empty message).
#include <gtest/gtest.h>

#include <string>

#include "numeric/code_cache.hpp"

TEST(CodeCache, Sha256IsFips180s) {
  using adyn::numeric::sha256_hex;
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

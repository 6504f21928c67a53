// GiNaC's and CLN's exceptions worded for the user (symbolic/library_messages.hpp): what went wrong
// in the arithmetic, without the library's class and function names.
#include <gtest/gtest.h>

#include <ginac/ginac.h>

#include <functional>

#include "adyn/symbolic/library_messages.hpp"

namespace {

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return adyn::sym::library_message(e);
  }
  return "(no exception)";
}

TEST(LibraryMessages, GinacArithmeticInWords) {
  using GiNaC::ex;
  const GiNaC::symbol x("x");
  EXPECT_EQ(message_of([] { ex(1) / ex(0); }), "division by zero");
  EXPECT_EQ(message_of([&] { GiNaC::pow(x, -1).subs(x == 0); }), "division by zero");
  EXPECT_EQ(message_of([] { GiNaC::numeric(1) / GiNaC::numeric(0); }), "division by zero");
  EXPECT_EQ(message_of([] { ex e = GiNaC::tan(GiNaC::Pi / 2); }), "tan has a simple pole here");
  EXPECT_EQ(message_of([] { ex e = GiNaC::atan(GiNaC::I); }), "atan has a logarithmic pole here");
  EXPECT_EQ(message_of([] { ex e = GiNaC::log(ex(0)); }), "log(0) is undefined (a logarithmic pole)");
  EXPECT_EQ(message_of([] { GiNaC::pow(ex(0), ex(0)); }), "0^0 is undefined");
  EXPECT_EQ(message_of([] { GiNaC::matrix(2, 2).inverse(); }), "singular matrix");
}

TEST(LibraryMessages, ClnFloatingPointExceptionsInWords) {
  EXPECT_EQ(message_of([] { GiNaC::numeric(std::numeric_limits<double>::infinity()); }),
            "a number beyond the range of floating-point numbers (overflow)");
}

TEST(LibraryMessages, ParserPositionsAndFunctionPrefixesAreDropped) {
  using adyn::sym::library_message;
  EXPECT_EQ(library_message("GiNaC: parse error at line 0, column 0: expected ')'\nmore"), "expected ')'");
  EXPECT_EQ(library_message("matrix::solve(): inconsistent linear system"), "inconsistent linear system");
  EXPECT_EQ(library_message("a message of adyn's own"), "a message of adyn's own");
  EXPECT_EQ(message_of([] { throw std::bad_alloc(); }), "out of memory");
}

}  // namespace

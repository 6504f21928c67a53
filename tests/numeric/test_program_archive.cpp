// Straight-line programs as bytes and back (src/numeric/program_archive.hpp): the same program, and
// no bytes that would make the tape read outside its slots.
#include <gtest/gtest.h>

#include "adyn/error.hpp"
#include "adyn/numeric/tape.hpp"
#include "adyn/symbolic/dynamic_symbols.hpp"
#include "numeric/program_archive.hpp"

using namespace adyn;

namespace {

const GiNaC::symbol x = sym::parameter("archive_x"), y = sym::parameter("archive_y");

numeric::StraightLineProgram program() {
  return numeric::compile_straight_line({x, y}, {sin(x) * y + 2.5 * x * x, -GiNaC::pow(y, 3) / (1 + x)});
}

bool same(const numeric::StraightLineProgram& a, const numeric::StraightLineProgram& b) {
  if (a.input_count != b.input_count || a.slot_count != b.slot_count || a.constants != b.constants ||
      a.outputs != b.outputs || a.code.size() != b.code.size())
    return false;
  for (std::size_t k = 0; k < a.code.size(); ++k) {
    const auto &i = a.code[k], &j = b.code[k];
    if (i.op != j.op || i.dst != j.dst || i.a != j.a || i.b != j.b || i.c != j.c || i.exponent != j.exponent) return false;
  }
  return true;
}

}  // namespace

TEST(ProgramArchive, ReadsBackTheSameProgram) {
  const auto p = program();
  const auto back = numeric::program_from_bytes(numeric::program_bytes(p));
  EXPECT_TRUE(same(back, p));
  const double in[2] = {0.7, -1.3};
  double a[2], b[2];
  numeric::Tape(p).evaluate(in, a);
  numeric::Tape(back).evaluate(in, b);
  EXPECT_EQ(a[0], b[0]);
  EXPECT_EQ(a[1], b[1]);
}

TEST(ProgramArchive, ReadsBackAProgramOfMoreInputsThanBytes) {
  std::vector<GiNaC::symbol> inputs;  // as Ė of a conservative system over (t, q, u, parameters)
  for (int k = 0; k < 200; ++k) inputs.push_back(sym::parameter("archive_in" + std::to_string(k)));
  const auto p = numeric::compile_straight_line(inputs, {GiNaC::ex(0)});
  const std::string bytes = numeric::program_bytes(p);
  EXPECT_LT(bytes.size(), inputs.size());
  EXPECT_TRUE(same(numeric::program_from_bytes(bytes), p));
}

TEST(ProgramArchive, RefusesBytesThatAreNotAWholeWellFormedProgram) {
  const auto p = program();
  const std::string bytes = numeric::program_bytes(p);
  EXPECT_THROW(numeric::program_from_bytes(bytes.substr(0, bytes.size() - 1)), Error);
  EXPECT_THROW(numeric::program_from_bytes(bytes + "x"), Error);
  auto later = p;  // the first instruction reads the last one's value
  later.code.front().a = later.code.back().dst;
  EXPECT_THROW(numeric::program_from_bytes(numeric::program_bytes(later)), Error);
  auto outside = p;  // an output beyond the slots
  outside.outputs.back() = static_cast<std::uint32_t>(p.slot_count);
  EXPECT_THROW(numeric::program_from_bytes(numeric::program_bytes(outside)), Error);
  auto wide = p;  // slots the instructions cannot address
  wide.slot_count = std::size_t{1} << 33;
  EXPECT_THROW(numeric::program_from_bytes(numeric::program_bytes(wide)), Error);
  auto spare = p;  // computed slots that no instruction of its bytes could have left
  spare.slot_count += 100000;
  EXPECT_THROW(numeric::program_from_bytes(numeric::program_bytes(spare)), Error);
  auto unknown = p;
  unknown.code.front().op = static_cast<numeric::StraightLineProgram::Op>(200);
  EXPECT_THROW(numeric::program_from_bytes(numeric::program_bytes(unknown)), Error);
}

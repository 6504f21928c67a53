#include "program_archive.hpp"

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "adyn/error.hpp"

namespace adyn::numeric {
namespace {

template <class T>
void put(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  T get() {
    if (bytes_.size() - at_ < sizeof(T)) fail("it ends early");
    T value;
    std::memcpy(&value, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return value;
  }
  std::size_t count() {  // a count of items that are at least one byte each
    const auto n = get<std::uint64_t>();
    if (n > bytes_.size()) fail("a count exceeds its bytes");
    return static_cast<std::size_t>(n);
  }
  std::size_t slot_bound() {  // a count of slots, which the instructions address by 32 bits
    const auto n = get<std::uint64_t>();
    if (n > std::numeric_limits<std::uint32_t>::max()) fail("a count exceeds the slots' width");
    return static_cast<std::size_t>(n);
  }
  bool done() const { return at_ == bytes_.size(); }
  [[noreturn]] static void fail(const std::string& why) { throw Error("straight-line program archive: " + why); }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

}  // namespace

std::string program_bytes(const StraightLineProgram& program) {
  std::string out;
  for (const std::size_t n : {program.input_count, program.slot_count, program.constants.size(), program.code.size(),
                              program.outputs.size()})
    put<std::uint64_t>(out, n);
  for (const double c : program.constants) put(out, c);
  for (const auto& i : program.code) {
    put(out, static_cast<std::uint8_t>(i.op));
    for (const auto slot : {i.dst, i.a, i.b, i.c}) put(out, slot);
    put<std::int32_t>(out, i.exponent);
  }
  for (const auto slot : program.outputs) put(out, slot);
  return out;
}

StraightLineProgram program_from_bytes(std::string_view bytes) {
  Reader in(bytes);
  StraightLineProgram p;
  p.input_count = in.slot_bound();  // inputs take no bytes (a monitor of 164 inputs is 52 bytes)
  p.slot_count = in.slot_bound();
  p.constants.resize(in.count());
  p.code.resize(in.count());
  p.outputs.resize(in.count());
  const std::size_t first_computed = p.input_count + p.constants.size();
  if (first_computed > p.slot_count) Reader::fail("more inputs and constants than slots");
  // A computed slot is written by an instruction of 21 bytes or left by a product fused into the
  // instruction that used it: far fewer than the bytes.
  if (p.slot_count - first_computed > bytes.size()) Reader::fail("more computed slots than its bytes");
  std::vector<bool> written(p.slot_count - first_computed, false);  // the computed slots
  auto readable = [&](std::uint32_t slot) {
    if (slot >= p.slot_count || (slot >= first_computed && !written[slot - first_computed]))
      Reader::fail("an instruction reads a slot not written before");
  };
  for (auto& c : p.constants) c = in.get<double>();
  for (auto& i : p.code) {
    const auto op = in.get<std::uint8_t>();
    if (op >= StraightLineProgram::op_count) Reader::fail("an operation is unknown");
    i.op = static_cast<StraightLineProgram::Op>(op);
    i.dst = in.get<std::uint32_t>(), i.a = in.get<std::uint32_t>(), i.b = in.get<std::uint32_t>(),
    i.c = in.get<std::uint32_t>();
    i.exponent = in.get<std::int32_t>();
    readable(i.a), readable(i.b), readable(i.c);
    if (i.dst < first_computed || i.dst >= p.slot_count || written[i.dst - first_computed])
      Reader::fail("an instruction writes an input, a constant or a slot written before");
    written[i.dst - first_computed] = true;
  }
  for (auto& o : p.outputs) readable(o = in.get<std::uint32_t>());
  if (!in.done()) Reader::fail("bytes follow the program");
  return p;
}

}  // namespace adyn::numeric

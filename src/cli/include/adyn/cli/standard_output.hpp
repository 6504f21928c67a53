#pragma once
// Standard output with every write checked: the tool writes its results through this buffer, which
// keeps the cause (errno) of the first write that failed — a full disk, a file-size limit — so that
// the command fails saying why instead of exiting 0 with its output lost. Like stdio, it is
// line-buffered on a terminal (the lines interleave with standard error's as they are made) and
// fully buffered otherwise.
#include <array>
#include <ostream>
#include <streambuf>

namespace adyn::cli {

class StandardOutput : public std::streambuf {
 public:
  StandardOutput();
  ~StandardOutput() override;
  StandardOutput(const StandardOutput&) = delete;
  StandardOutput& operator=(const StandardOutput&) = delete;

  /// The errno of the first write that failed, or 0.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool flush_buffer();
  std::array<char, 1 << 16> buffer_{};
  bool line_buffered_;
  int error_ = 0;
};

/// The command's exit status once `output` is flushed: `status`, or 1 with a message on `err` when
/// a write failed (what was written is incomplete).
int with_output_written(int status, StandardOutput& output, std::ostream& err);

}  // namespace adyn::cli

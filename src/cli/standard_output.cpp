// Standard output with every write checked (standard_output.hpp).
#include "adyn/cli/standard_output.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace adyn::cli {

StandardOutput::StandardOutput() : line_buffered_(::isatty(STDOUT_FILENO) == 1) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

StandardOutput::~StandardOutput() { flush_buffer(); }

// Writes the buffer to file descriptor 1, all of it unless a write fails (the first failure's
// errno is kept; later output is dropped).
bool StandardOutput::flush_buffer() {
  const char* data = pbase();
  std::size_t left = static_cast<std::size_t>(pptr() - pbase());
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  while (left > 0 && error_ == 0) {
    const ssize_t n = ::write(STDOUT_FILENO, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = n < 0 ? errno : EIO;
      break;
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  return error_ == 0;
}

StandardOutput::int_type StandardOutput::overflow(int_type c) {
  if (!flush_buffer()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
  return traits_type::not_eof(c);
}

std::streamsize StandardOutput::xsputn(const char* s, std::streamsize n) {
  const std::streamsize put = std::streambuf::xsputn(s, n);  // through overflow() when full
  if (line_buffered_ && std::char_traits<char>::find(s, static_cast<std::size_t>(n), '\n')) flush_buffer();
  return put;
}

int StandardOutput::sync() { return flush_buffer() ? 0 : -1; }

int with_output_written(int status, StandardOutput& output, std::ostream& err) {
  output.pubsync();
  if (output.error() == 0) return status;
  err << "adyn: error: cannot write the output to standard output: " << std::strerror(output.error())
      << "; it is incomplete\n";
  return status == 0 ? 1 : status;
}

}  // namespace adyn::cli

// Output files that never overwrite an input and are never seen half written (output_file.hpp).
#include "adyn/cli/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include "adyn/control_characters.hpp"
#include "adyn/error.hpp"

namespace adyn::cli {
namespace {

namespace fs = std::filesystem;

// Whether two paths name the same file: the same inode where both exist, else the same absolute
// path once symbolic links and "..", "." are resolved.
bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  auto resolved = [](const std::string& path) {  // lexically normal where links cannot be resolved
    std::error_code e;
    const fs::path absolute = fs::absolute(path, e);
    const fs::path canonical = fs::weakly_canonical(absolute, e);
    return e ? absolute.lexically_normal() : canonical;
  };
  return resolved(a) == resolved(b);
}

// The mode a new file gets: 0666 less the process's umask (read, then restored).
mode_t default_mode() {
  const mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

// Whether `path` exists and is something other than a regular file (a device, a pipe, a socket).
bool special_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
}

// Why `path` cannot be written (checked before a run, so that its result is not lost at the end).
std::optional<std::string> unwritable(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return "is a directory";
  if (special_file(path)) return std::nullopt;
  const fs::path directory = fs::absolute(path, ec).parent_path();
  if (!fs::is_directory(directory, ec)) return "its directory '" + directory.string() + "' does not exist";
  if (access(directory.c_str(), W_OK) != 0) return "its directory '" + directory.string() + "' is not writable";
  return std::nullopt;
}

}  // namespace

void check_output_files(const std::string& model, const std::vector<OutputFile>& outputs) {
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    const auto& [option, path] = outputs[k];
    if (path.empty()) continue;
    const std::string object = option + " '" + escaped_control_characters(path) + "'";
    if (has_control_character(path))  // a line break in a name handed on (to gnuplot) starts a command
      throw ModelError(object, "the name holds a control character; choose another name (nothing was computed)");
    if (const CodePoint c = first_invisible_character(path); c.length)  // "p\u202egnp.csv" is shown "pvsc.png"
      throw ModelError(object, "the name holds " + code_point_name(c.code) +
                                   ", an invisible character (the name is shown other than it is); choose another "
                                   "name (nothing was computed)");
    if (auto problem = unwritable(path)) throw ModelError(object, *problem + " (nothing was computed)");
    if (same_file(path, model))
      throw ModelError(object, "is the model file; choose another file (nothing was written)");
    for (std::size_t j = 0; j < k; ++j)
      if (!outputs[j].path.empty() && same_file(path, outputs[j].path))
        throw ModelError(object, "is also the file of " + outputs[j].option + "; choose another file (nothing was written)");
  }
}

ReplacingFile::ReplacingFile(const std::string& path) : path_(path) {
  const fs::path target = fs::absolute(path);
  // Hidden, beside the target, with its extension (gnuplot picks nothing by it, but readers may).
  // (append: GCC 12 warns falsely on "literal" + string)
  const std::string extension = target.extension().string();
  std::string name = ".";
  name.append(target.stem().string()).append(".adyn-XXXXXX").append(extension);
  std::string pattern = (target.parent_path() / name).string();
  numeric::SignalsDeferred deferred;  // created and registered, or neither, when interrupted
  const int fd = mkstemps(pattern.data(), static_cast<int>(extension.size()));
  if (fd < 0) throw Error("cannot write '" + path + "': " + std::strerror(errno));
  close(fd);
  temporary_ = pattern;
  cleanup_ = numeric::ExitCleanup::file(temporary_);
}

ReplacingFile::~ReplacingFile() {
  if (!committed_) std::remove(temporary_.c_str());
}

void ReplacingFile::commit() {
  struct stat st {};
  const mode_t mode = stat(path_.c_str(), &st) == 0 ? (st.st_mode & 07777) : default_mode();
  if (chmod(temporary_.c_str(), mode) != 0 || std::rename(temporary_.c_str(), path_.c_str()) != 0)
    throw Error("cannot write '" + path_ + "': " + std::strerror(errno));
  committed_ = true;
  cleanup_.release();
}

void write_file(const std::string& path, const std::string& text) {
  auto write = [&](const std::string& file) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (!(out << text) || !out.flush()) throw Error("cannot write '" + path + "'");
  };
  if (special_file(path)) return write(path);
  ReplacingFile file(path);
  write(file.temporary());
  file.commit();
}

}  // namespace adyn::cli

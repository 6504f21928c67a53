#pragma once
// Output files of the commands: never an input of the run or another output, and never seen half
// written. A file is written under a private name in its directory and renamed over the target
// only once complete, so an interrupted or failed run leaves the previous file (or none), never a
// truncated one. A target that exists and is not a regular file (a terminal, a pipe, /dev/stdout)
// is written in place.
#include <string>
#include <vector>

#include "adyn/numeric/exit_cleanup.hpp"

namespace adyn::cli {

/// An output file of a command: the option that names it and its path (empty: not requested).
struct OutputFile {
  std::string option, path;
};
/// Refuses, before anything is computed or written, an output file whose name holds a control
/// character (a line break, a tab, an escape), that cannot be written (a directory, or in a
/// directory that does not exist or is not writable), that is the model file, or that an earlier
/// output of the same command also names: adyn::ModelError naming the option and path.
void check_output_files(const std::string& model, const std::vector<OutputFile>& outputs);

/// The private file that replaces `path` on commit(): in the same directory (so that the rename is
/// atomic), mode 0600 until committed, then the target's mode if it existed, else 0666 less the
/// umask. Removed by the destructor unless committed, and by an interruption that ends the process
/// (numeric::ExitCleanup). Throws adyn::Error naming `path` when the directory cannot be written.
class ReplacingFile {
 public:
  explicit ReplacingFile(const std::string& path);
  ~ReplacingFile();
  ReplacingFile(const ReplacingFile&) = delete;
  ReplacingFile& operator=(const ReplacingFile&) = delete;

  /// Where to write the contents.
  const std::string& temporary() const { return temporary_; }
  /// Renames the temporary file over the target.
  void commit();

 private:
  std::string path_, temporary_;
  bool committed_ = false;
  numeric::ExitCleanup cleanup_;  // the temporary file, until renamed or removed
};

/// Writes `text` to the file `path` (through a ReplacingFile when it is, or will be, a regular
/// file); throws adyn::Error naming the file when it cannot.
void write_file(const std::string& path, const std::string& text);

}  // namespace adyn::cli

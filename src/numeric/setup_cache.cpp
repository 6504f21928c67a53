#include "setup_cache.hpp"

#include <elf.h>
#include <link.h>

#include <cstring>
#include <mutex>
#include <sstream>

#include "adyn/error.hpp"
#include "code_cache.hpp"
#include "program_archive.hpp"

namespace adyn::numeric {
namespace {

const std::string header = "adyn set-up cache 2\n";
const std::string digest_label = "sha256 ";

// The loaded object that holds `address`, and its GNU build ID note as hexadecimal digits (found by
// find_build_id, a dl_iterate_phdr callback).
struct BuildIdSearch {
  std::uintptr_t address;
  std::string id;
};

int find_build_id(struct dl_phdr_info* info, std::size_t, void* data) {
  auto& search = *static_cast<BuildIdSearch*>(data);
  bool holds = false;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto& ph = info->dlpi_phdr[i];
    const std::uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    holds = holds || (ph.p_type == PT_LOAD && search.address >= start && search.address < start + ph.p_memsz);
  }
  if (!holds) return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    const char* at = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
    const char* end = at + ph.p_memsz;
    while (at + sizeof(ElfW(Nhdr)) <= end) {
      ElfW(Nhdr) note;
      std::memcpy(&note, at, sizeof note);
      const char* name = at + sizeof note;
      const char* desc = name + ((note.n_namesz + 3) & ~3u);
      if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0 &&
          desc + note.n_descsz <= end) {
        search.id = hex_digits(reinterpret_cast<const unsigned char*>(desc), note.n_descsz);
        return 1;
      }
      at = desc + ((note.n_descsz + 3) & ~3u);
    }
  }
  return 1;
}

// The build ID of the program or library this code is linked into (once per process).
const std::string& build_id() {
  static std::once_flag found;
  static BuildIdSearch search{reinterpret_cast<std::uintptr_t>(&find_build_id), ""};
  std::call_once(found, [] { dl_iterate_phdr(find_build_id, &search); });
  return search.id;
}

std::string file_name(const std::string& key) { return "setup_" + key + ".program"; }

// The entry's content: its sizes, the lengths of its note, its library and its further programs, then
// the note, the library, the further programs and the program.
std::string content_of(const KeptProgram& entry) {
  std::ostringstream content;
  content << entry.sizes.size();
  for (const auto n : entry.sizes) content << ' ' << n;
  content << ' ' << entry.note.size() << ' ' << entry.library.size() << ' ' << entry.more.size();
  std::string programs;
  for (const auto& program : entry.more) {
    const std::string bytes = program_bytes(program);
    content << ' ' << bytes.size();
    programs += bytes;
  }
  content << '\n' << entry.note << entry.library;
  return content.str() + programs + program_bytes(entry.program);
}

std::optional<KeptProgram> parse(const std::string& bytes) {
  const std::size_t digest_end = header.size() + digest_label.size() + 64;
  if (bytes.size() <= digest_end || bytes.compare(0, header.size(), header) != 0 ||
      bytes.compare(header.size(), digest_label.size(), digest_label) != 0 || bytes[digest_end] != '\n')
    return std::nullopt;
  const std::string content = bytes.substr(digest_end + 1);
  if (sha256_hex(content) != bytes.substr(header.size() + digest_label.size(), 64)) return std::nullopt;
  std::istringstream in(content);
  KeptProgram entry;
  std::size_t count = 0, note_size = 0, library_size = 0, more = 0;
  if (!(in >> count) || count > content.size()) return std::nullopt;
  entry.sizes.resize(count);
  for (auto& n : entry.sizes)
    if (!(in >> n)) return std::nullopt;
  if (!(in >> note_size >> library_size >> more) || note_size > content.size() || library_size > content.size() ||
      more > content.size())
    return std::nullopt;
  std::vector<std::size_t> program_sizes(more);
  std::size_t total = note_size + library_size;
  for (auto& n : program_sizes)
    if (!(in >> n) || n > content.size() || (total += n) > content.size()) return std::nullopt;
  if (in.get() != '\n' || total > content.size()) return std::nullopt;
  entry.note.resize(note_size);
  entry.library.resize(library_size);
  if (!in.read(entry.note.data(), static_cast<std::streamsize>(note_size)) ||
      !in.read(entry.library.data(), static_cast<std::streamsize>(library_size)))
    return std::nullopt;
  std::size_t at = static_cast<std::size_t>(in.tellg());
  const std::string_view programs(content);
  try {
    for (const auto n : program_sizes) {
      entry.more.push_back(program_from_bytes(programs.substr(at, n)));
      at += n;
    }
    entry.program = program_from_bytes(programs.substr(at));
  } catch (const Error&) {
    return std::nullopt;
  }
  return entry;
}

void keep_program(const std::string& key, const KeptProgram& entry) {
  const std::string content = content_of(entry);
  try {
    write_cache_file(file_name(key), header + digest_label + sha256_hex(content) + "\n" + content);
  } catch (const NativeCodeError&) {  // an unsafe cache directory: nothing kept (the native code says why)
  }
}

}  // namespace

std::optional<std::string> setup_key(const model::System& system, const std::string& purpose) {
  const std::string* source = system.source();
  return source ? setup_key(purpose, *source) : std::nullopt;
}

std::optional<std::string> setup_key(const std::string& purpose, const std::string& description) {
  if (build_id().empty()) return std::nullopt;
  return sha256_hex("adyn build " + build_id() + "\n" + purpose + "\n" + description);
}

std::optional<KeptProgram> find_kept_program(const std::string& key) {
  try {
    const auto bytes = read_cache_file(file_name(key));
    return bytes ? parse(*bytes) : std::nullopt;
  } catch (const NativeCodeError&) {  // an unsafe cache directory: none used (the native code says why)
    return std::nullopt;
  }
}

void keep_compiled(const std::optional<std::string>& key, KeptProgram& entry, bool found, const std::string& library) {
  if (!key || (found && (library.empty() || library == entry.library))) return;
  entry.library = library;
  keep_program(*key, entry);
}

CompiledFunction compiled_with_setup_cache(const model::System& system, const std::string& purpose, Backend backend,
                                           const std::function<StraightLineProgram()>& program) {
  const auto key = setup_key(system, purpose);
  auto entry = key ? find_kept_program(*key) : std::nullopt;
  const bool found = entry.has_value();
  if (!found) {
    entry.emplace();
    entry->program = program();
  }
  CompiledFunction f(entry->program, backend, std::nullopt, {}, entry->library);
  keep_compiled(key, *entry, found, f.native() ? f.native()->library_name() : "");
  return f;
}

}  // namespace adyn::numeric

// Lost writes: output that cannot be written (standard output on a full device) fails the command
// with a message, for every command that prints its result; the tool runs as a separate process,
// its standard output on /dev/full.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "cli_support.hpp"

extern char** environ;

namespace {

struct ToolRun {
  int status = -1;
  std::string err;
};

// Runs the built tool with standard output on `stdout_path`; standard error is returned.
ToolRun run_tool(const std::vector<std::string>& args, const std::string& stdout_path) {
  const std::string log = ::testing::TempDir() + "adyn_lost_writes_" + args.front() + "_stderr.txt";
  std::vector<std::string> words = {ADYN_CLI_PATH};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_path.c_str(), O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return {};
  int status = 0;
  waitpid(pid, &status, 0);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), adyn::test::read_text(log)};
}

class FullStandardOutput : public ::testing::TestWithParam<std::vector<std::string>> {};

TEST_P(FullStandardOutput, FailsTheCommandSayingSo) {
  std::vector<std::string> args = GetParam();
  args.insert(args.begin() + 1, adyn::test::example(args[0] == "eigen" ? "rolling_disk_stability.yaml" : "double_pendulum.yaml"));
  const auto r = run_tool(args, "/dev/full");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("adyn: error: cannot write the output to standard output: No space left on device; it is "
                       "incomplete"),
            std::string::npos)
      << r.err;
}

INSTANTIATE_TEST_SUITE_P(LostWrites, FullStandardOutput,
                         ::testing::Values(std::vector<std::string>{"simulate", "--t-end", "1"},
                                           std::vector<std::string>{"derive", "-m", "kane"},
                                           std::vector<std::string>{"check"}, std::vector<std::string>{"codegen"},
                                           std::vector<std::string>{"eigen"}, std::vector<std::string>{"classify"},
                                           std::vector<std::string>{"compare", "--states", "1"}),
                         [](const auto& p) { return p.param[0]; });

}  // namespace

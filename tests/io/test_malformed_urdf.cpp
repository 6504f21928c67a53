// Bad robot descriptions: every file under tests/io/malformed_urdf/ (its first line, an XML
// comment, says what is wrong) gives a ModelFileError "path:line:1: joint 'j': problem" (or
// link 'l') at the element, and `adyn check` exits with status 2 printing it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "adyn/cli/cli.hpp"
#include "adyn/error.hpp"
#include "adyn/io/urdf_reader.hpp"

namespace {

struct MalformedUrdf {
  const char* name;     // tests/io/malformed_urdf/<name>.urdf
  int line;             // of the element named (1: the description as a whole)
  const char* message;  // a part of the message
};

const MalformedUrdf malformed_urdfs[] = {
    {"missing_parent_link", 5, "joint 'shoulder': urdfdom cannot read the description: Failed to build tree: parent link "
                               "[bsae] of joint [shoulder] not found"},
    {"joint_cycle", 9, "joint 'b_to_a': the joints 'b_to_a', 'a_to_b' form a cycle: a robot description is a tree"},
    {"cycle_beside_the_tree", 15, "joint 'd_to_c': it closes a cycle of joints through link 'c'"},
    {"negative_mass", 8, "link 'upper': its mass is negative (-2)"},
    {"unknown_joint_type", 5, "joint 'shoulder': urdfdom cannot read the description: Joint [shoulder] has no known type [screw]"},
    {"massless_floating_link", 4, "link 'body': joint 'free_flyer' moves it, but it has no mass"},
    {"planar_zero_axis", 5, "joint 'on_table': its axis must be a nonzero vector"},
    {"massless_moving_link", 4, "link 'upper': joint 'shoulder' moves it, but it has no mass"},
    {"zero_axis", 5, "joint 'shoulder': its axis must be a nonzero vector"},
    {"negative_damping", 5, "joint 'shoulder': its damping must be >= 0, got -0.05"},
    {"name_collision", 10, "joint 'elbow.1': its symbol name 'elbow_1' is also joint 'elbow-1''s"},
    {"mimic_of_fixed_joint", 10, "joint 'finger': it mimics 'thumb_mount', which is not a moving joint of the robot"},
    {"inertia_not_physical", 8, "link 'upper': body 'upper'"},
    {"not_a_robot", 1, "robot description: urdfdom cannot read the description: Could not find the 'robot' element"},
};

std::string directory() {
  const char* root = std::getenv("ADYN_SOURCE_DIR");
  return std::string(root ? root : ".") + "/tests/io/malformed_urdf";
}

std::string path_of(const MalformedUrdf& c) { return directory() + "/" + c.name + ".urdf"; }

class MalformedRobot : public ::testing::TestWithParam<MalformedUrdf> {};

TEST_P(MalformedRobot, ReaderAndCheckNameTheElementAtItsLine) {
  const auto& c = GetParam();
  const std::string location = path_of(c) + ":" + std::to_string(c.line) + ":1: ";
  try {
    adyn::io::read_urdf(path_of(c));
    FAIL() << c.name << ": read without an error";
  } catch (const adyn::ModelFileError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(location, 0), 0u) << "expected at " << location << "\n got: " << what;
    EXPECT_NE(what.find(c.message), std::string::npos) << "expected \"" << c.message << "\"\n got: " << what;
  }
  std::ostringstream out, err;
  EXPECT_EQ(adyn::cli::run({"check", path_of(c)}, out, err), 2) << err.str();
  EXPECT_NE(err.str().find(location + c.message), std::string::npos) << err.str();
}

INSTANTIATE_TEST_SUITE_P(BadInput, MalformedRobot, ::testing::ValuesIn(malformed_urdfs),
                         [](const ::testing::TestParamInfo<MalformedUrdf>& param) { return std::string(param.param.name); });

TEST(MalformedRobots, EveryFileHasARowAndAComment) {
  std::set<std::string> listed;
  for (const auto& c : malformed_urdfs) listed.insert(c.name);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory())) {
    ++files;
    EXPECT_TRUE(listed.count(entry.path().stem().string())) << entry.path() << " has no row in malformed_urdfs";
    std::ifstream in(entry.path());
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first.rfind("<!-- ", 0), 0u) << entry.path() << ": the first line should say what is wrong";
  }
  EXPECT_EQ(files, std::size(malformed_urdfs));
}

}  // namespace

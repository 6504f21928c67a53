// Bad input: every malformed model file under tests/io/malformed/ (its first line says what is
// wrong) gives a ModelFileError "path:line:column: object: problem" at the offending YAML node —
// read, and its initial state completed (application/initial_state.hpp) — and `adyn check` exits with status 2 printing the same location: never a crash or a hang.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "adyn/application/initial_state.hpp"
#include "adyn/cli/cli.hpp"
#include "adyn/error.hpp"
#include "adyn/io/model_file.hpp"

namespace {

struct MalformedCase {
  const char* name;     // tests/io/malformed/<name>.yaml
  int line, column;     // where the error is (1-based)
  const char* message;  // a part of the message
};

// One row per file; "does_not_exist" has no file, on purpose.
const MalformedCase malformed_cases[] = {
    {"bad_euler_sequence", 6, 17, "rotation sequence '113'"},
    {"constraint_no_coordinate", 5, 30, "constraint 'fixed': references no coordinate"},
    {"constraint_two_kinds", 4, 29, "give exactly one kind of constraint"},
    {"rolling_missing_radius", 6, 28, "constraint 'wheel': needs 'radius'"},
    {"rolling_bad_axis", 6, 56, "expected a frame axis such as B.z or -N.z, got 'W.w'"},
    {"rolling_unknown_frame", 6, 56, "no frame 'V' is defined"},
    {"rolling_normal_not_unit", 6, 28, "rolling contact 'wheel': the plane's normal must be a unit vector"},
    {"rolling_with_friction", 6, 86, "'friction' is for constraints written as expressions"},
    {"rolling_wheel_with_ellipsoid", 6, 72, "constraint 'wheel': 'ellipsoid' is the surface of a convex body: give 'body'"},
    {"rolling_body_with_radius", 6, 71, "constraint 'shell': 'radius' is a wheel's: a convex body's surface is its"},
    {"rolling_wheel_and_body", 6, 39, "constraint 'shell': has both 'wheel' and 'body'"},
    {"rolling_two_surfaces", 6, 71, "constraint 'shell': has both 'ellipsoid' and 'paraboloid'"},
    {"rolling_body_without_surface", 6, 28,
     "constraint 'shell': needs the body's surface: 'ellipsoid: [a, b, c]' or 'paraboloid: [rho1, rho2]'"},
    {"rolling_without_wheel_or_body", 6, 28, "constraint 'shell': needs 'wheel' (a disk or torus: wheel, center, axle, "
                                             "radius) or 'body' (a convex body"},
    {"rolling_ellipsoid_two_axes", 6, 60, "expected a list of 3 semi-axes [a, b, c], got a list of 2"},
    {"rolling_ellipsoid_negative_axis", 7, 28, "rolling contact 'shell': the semi-axis b must be positive, got -2"},
    {"coincident_three_points", 6, 38, "constraint 'pin': expected two point names [P, Q]"},
    {"coincident_unknown_row", 6, 56, "constraint 'pin': has no row 'z': its rows are 'x', 'y' (a row that holds identically is left out)"},
    {"rolling_unknown_tangents", 6, 95, "constraint 'wheel': unknown tangents 'body'"},
    {"coincident_identical", 6, 29, "constraint 'pin': holds identically"},
    {"aligned_not_an_axis", 5, 28, "the direction must be an axis of a frame, such as B.z"},
    {"duplicate_frame_name", 10, 12, "frame 'A': the name 'A' is already used by frame 'A' (line 9)"},
    {"duplicate_key", 9, 5, "particle 'bob': the key 'mass' appears twice"},
    {"duplicate_symbol_name", 7, 18, "coordinate 'm': the name 'm' is already used by parameter 'm'"},
    {"output_unknown_point", 12, 21, "output 'tip_x': no point 'Q' is defined"},
    {"output_duplicate_name", 13, 3, "outputs: the key 'tip_x' appears twice"},
    {"output_name_of_a_coordinate", 12, 3, "output 'th': the name is already used by a coordinate"},
    {"output_unknown_constraint", 12, 3,
     "output 'N_rod': its constraint force is of the constraint 'rod', which the system does not have"},
    {"output_acceleration", 12, 3, "output 'a': contains the acceleration 'th_dd'"},
    {"output_without_component", 12, 8, "output 'tip': a point's velocity needs 'component: [FRAME, x|y|z]'"},
    {"output_two_kinds", 12, 9, "output 'tip': has both 'expression' and 'position': give one"},
    {"empty_file", 1, 1, "the file is empty"},
    {"event_bad_restitution", 4, 40, "event 'floor': the coefficient of restitution must be in [0, 1]"},
    {"expression_call_without_arguments", 5, 39,
     "cannot parse expression 'L*sin()': a function call without arguments"},
    {"expression_complex", 13, 33, "the expression '2*sqrt(-2)' is complex"},
    {"expression_division_by_zero", 11, 42, "cannot parse expression '-l/0': division by zero"},
    {"expression_does_not_parse", 13, 33, "particle 'bob': cannot parse expression 'm*/2'"},
    {"expression_huge_power", 5, 23, "has a power of numbers too large to compute"},
    {"expression_huge_exponent_of_a_coordinate", 5, 31, "raises a variable to a power beyond ±10000"},
    {"expression_huge_power_then_syntax_error", 5, 23,
     "cannot parse expression 'm*9^(10^9) x^2': expected EOF, got: \"x\""},
    {"expression_is_a_list", 13, 33, "the expression '{m, 1}' is a list, not a number"},
    {"expression_unbalanced_parenthesis", 9, 42, "cannot parse expression '(q + 1': expected ')'"},
    {"frame_cycle", 5, 23, "frame 'B': cannot be oriented relative to 'A'"},
    {"frame_own_parent", 4, 23, "(a frame cycle)"},
    {"generalized_force_not_coordinate", 16, 27, "generalized force 'Q': must name a coordinate"},
    {"inertia_negative_moment", 5, 61, "body 'rod': its inertia has a negative principal moment"},
    {"inertia_not_symmetric", 10, 7, "body 'plate': its inertia dyadic is not symmetric"},
    {"inertia_triangle_inequality", 6, 63, "body 'plate': its principal moments violate the triangle inequality"},
    {"inertia_two_by_three", 10, 14, "inertia must be a 3x3 matrix: a list of three rows, got 2 rows"},
    {"initial_cannot_be_completed", 6, 1,
     "initial conditions: cannot be completed to satisfy the constraints: constraints 'left', 'right'"},
    {"initial_needs_parameter_value", 5, 14, "initial condition 'x': must evaluate to a real number"},
    {"initial_overspecified", 6, 11,
     "x = 1, y = 1 given: they violate constraint 'circle' (residual 1), and no coordinate of it is left to complete"},
    {"initial_unknown_name", 3, 11,
     "initial condition 'thetta': is not a coordinate or a speed of the model (did you mean 'theta'?)"},
    {"invalid_axis", 9, 32, "axis must be x, y, z"},
    {"invalid_symbol_name", 7, 18, "coordinate '2x': not a valid name"},
    {"key_without_value", 8, 5, "particle 'bob': 'mass' has no value"},
    {"list_instead_of_mapping", 3, 13, "parameters: expected a mapping"},
    {"mapping_instead_of_list", 9, 3, "frames: expected a list of frame entries, got a mapping"},
    {"missing_frame_parent", 9, 5, "frame 'A': needs 'parent'"},
    {"missing_orientation", 9, 5, "frame 'A': needs an orientation"},
    {"missing_particle_mass", 13, 5, "particle 'bob': needs 'mass'"},
    {"missing_point_name", 11, 5, "point: needs 'name'"},
    {"negative_mass", 13, 33, "particle 'bob': its mass must be positive"},
    {"negative_mass_parameter", 13, 33, "particle 'bob': its mass must be positive"},
    {"nonideal_force_wrong_size", 5, 60, "expected a list of 2 forces (one per coordinate), got a list of 1"},
    {"not_a_mapping", 2, 1, "a model file is a YAML mapping"},
    {"orientation_unknown_frame", 9, 23, "frame 'B': no frame 'a' is defined (did you mean 'A'?)"},
    {"parameter_not_finite", 4, 6, "parameter 'm': expected a finite number, got '.nan'"},
    {"parameter_not_numeric", 4, 6, "parameter 'm': expected a finite number, got 'heavy'"},
    {"position_two_vector", 11, 38, "point 'P': expected a list of 3 components, got a list of 2"},
    {"position_without_from", 11, 15, "a position needs 'from'"},
    {"potential_with_rate", 16, 23, "potential 'V': a potential energy V(q, t) cannot depend on rates"},
    {"quaternion_three_entries", 9, 38, "expected a list of 4 Euler parameters, got a list of 3"},
    {"rate_name_clash", 8, 15, "coordinate 'q': the name 'q_d' is already used by parameter 'q_d'"},
    {"reserved_symbol_name", 7, 3, "parameter 'I': the name is reserved"},
    {"simulation_negative_t_end", 15, 21, "t_end must be positive"},
    {"simulation_negative_tolerance", 16, 9, "atol must be positive"},
    {"simulation_projection_not_boolean", 15, 26, "expected true or false, got 'sometimes'"},
    {"simulation_tolerance_not_number", 17, 9, "expected a finite number, got 'small'"},
    {"speed_definition_wrong_size", 5, 3, "coordinate 'y': has no kinematic differential equation"},
    {"spring_same_points", 16, 24, "spring 's': its two end points are the same point"},
    {"spring_unknown_point", 16, 28, "spring 's': no point 'Q' is defined"},
    {"two_documents", 4, 1, "holds one YAML document"},
    {"two_orientations", 9, 45, "has two orientations, 'axis' and 'quaternion'"},
    {"undefined_constant_pi", 9, 42, "undefined symbol 'pi' in expression 'pi/2' (did you mean 'Pi'?)"},
    {"undefined_symbol", 7, 42, "undefined symbol 'lenght' in expression '-lenght' (did you mean 'length'?)"},
    {"unknown_frame_key", 9, 35, "frame 'A': unknown key 'angel' (did you mean 'angle'?)"},
    {"unknown_function", 9, 42, "no function \"sine\" with 1 arguments"},
    {"unknown_inertia_key_case", 10, 23, "unknown key 'iyy' (did you mean 'Iyy'?)"},
    {"unknown_integrator", 15, 36, "unknown integrator 'dorpi' (did you mean 'dopri'?)"},
    {"unknown_key_no_suggestion", 13, 36, "unknown key 'colour' (expected one of: name, point, mass)"},
    {"unknown_method", 15, 22, "unknown method 'lagrang' (did you mean 'lagrange'?)"},
    {"unknown_parameter_key", 4, 7, "unknown key 'valeu' (did you mean 'value'?)"},
    {"unknown_simulation_key", 16, 3, "unknown key 'tend' (did you mean 't_end'?)"},
    {"unknown_top_level_key", 12, 1, "unknown key 'particels' (did you mean 'particles'?)"},
    {"vector_unknown_frame", 11, 35, "point 'P': no frame 'B' is defined"},
    {"velocity_constraint_no_rate", 4, 28, "constraint 'slip': references no rate"},
    {"yaml_bad_indentation", 5, 2, "not valid YAML: end of map not found"},
    {"yaml_stray_comma", 2, 1, "not valid YAML: a ',' outside a list"},
    {"yaml_tab_indentation", 5, 1, "not valid YAML: illegal tab"},
    {"yaml_unclosed_bracket", 4, 11, "not valid YAML: end of sequence flow not found"},
    {"yaml_unclosed_quote", 7, 1, "not valid YAML: end of map flow not found"},
    {"yaml_undefined_alias", 4, 6, "not valid YAML: the referenced anchor is not defined"},
    {"dcm_not_orthonormal", 10, 31, "frame 'A': its direction-cosine matrix is not a rotation (|CᵀC − I| = 0.0"},
    {"dcm_reflection", 9, 31, "frame 'A': direction-cosine matrix: is not a rotation (det C = −1: a reflection)"},
    {"quaternion_not_unit", 9, 38, "frame 'A': its Euler parameters do not have unit norm (norm 2)"},
    {"friction_negative", 16, 48, "constraint 'wire': the friction coefficient must be 0 or positive, got '-0.3'"},
    {"control_character_raw", 16, 12, "the text '\\x1b[2Jfloor' contains a control character"},
    {"control_character_escaped", 2, 7, "the text 'pendulum\\x1b[31m' contains a control character"},
    {"speeds_not_independent", 7, 19, "speeds: are not independent: the kinematic equations q' = N u + n determine 1 of the 2"},
    {"yaml_alias_expansion", 10, 37, "more than 2000000 YAML nodes (counting each use of an alias)"},
    {"does_not_exist", 1, 1, "model file: does not exist"},
    {"unit_line_break", 5, 21,
     "coordinate 'q': a unit is one line without control characters, got 'rad\\x0asystem \"touch unit_line_break_ran\"\\x0a'"},
    {"parameter_unit_next_line", 4, 23, "parameter 'm': a unit is one line without control characters, got 'kg\\u0085'"},
    {"model_name_line_break", 2, 7, "model: the name is one line without control characters, got 'pendulum\\x0asystem"},
    {"frame_name_tab", 6, 12, "frame 'A\\x09B': a name is one line without control characters"},
    {"latex_line_break", 6, 12, "coordinate 'q': LaTeX text is one line without control characters, got '\\theta\\x0a\\phi\\x0a'"},
    {"shape_box_axis", 9, 51,
     "shape 'slab': 'axis' is the axis of symmetry of a cylinder, disk or torus; a box has its edges along its frame's x, y, z"},
    {"initial_cannot_be_kept", 6, 11, "initial conditions: x = 100 given: constraint 'circle' cannot be satisfied by completing y"},
    {"initial_speeds_cannot_be_kept", 10, 21,
     "initial conditions: x_d = 1, y_d = 0.15 given: they violate constraint 'knife edge' (residual -0.347788)"},
    {"dcm_coordinate_reflection", 5, 31, "frame 'A': its direction-cosine matrix is not a rotation at the initial state "
                                         "(det C = −1: a reflection)"},
    {"dcm_coordinate_not_orthonormal", 5, 31, "frame 'A': its direction-cosine matrix is not a rotation at the initial "
                                              "state (|CᵀC − I| = 3)"},
    {"yaml_alias_loop", 3, 17, "the alias '*a' is inside the node it names, so it would stand for an endless document"},
    {"expression_decimal_out_of_range", 5, 23,
     "cannot parse expression 'm*1e999999999*x^2': '1e999999999' is a number too large or too small to compute exactly"},
    {"expression_huge_decimal_power", 5, 23, "the expression 'm*1.5^(10^9)*x^2' has a power of numbers too large to compute"},
    {"name_right_to_left_override", 6, 12,
     "frame 'A\\u202eBC': a name holds U+202E, a bidirectional control that reorders the characters shown (it shows "
     "the text other than it is: one name can look like another), got 'A\\u202eBC'"},
    {"name_zero_width_space", 9, 12, "point 'P\\u200b': a name holds U+200B, an invisible character"},
    {"model_name_isolate", 2, 7, "model: the name holds U+2067, a bidirectional control"},
    {"unit_byte_order_mark", 5, 21, "coordinate 'q': a unit holds U+FEFF, an invisible character"},
    {"name_look_alike_cyrillic", 13, 12,
     "particle 'b\u043eb': the name 'b\u043eb' looks like 'bob', the name of particle 'bob' (line 12): Cyrillic "
     "'\u043e' (U+043E) in place of Latin 'o'; give them names that look different"},
    {"name_look_alike_inertial_frame", 6, 12,
     "frame '\u039d': the name '\u039d' looks like 'N', the name of the inertial frame: Greek '\u039d' (U+039D) in "
     "place of Latin 'N'"},
    // GiNaC evaluates as it parses: its errors in the words of the arithmetic, not its functions'
    {"expression_pole", 11, 42, "cannot parse expression 'tan(Pi/2)*l': tan has a simple pole here"},
    {"expression_zero_to_the_zero", 11, 42, "cannot parse expression '0^0*l': 0^0 is undefined"},
    {"expression_logarithm_of_zero", 11, 42, "cannot parse expression 'log(0)*l': log(0) is undefined"},
    {"expression_division_by_zero_of_symbols", 11, 42, "cannot parse expression 'l/(m-m)': division by zero"},
    {"mass_beyond_doubles", 13, 33,
     "particle 'bob': its mass is beyond the range of floating-point numbers (2.2e-308 to 1.8e308)"},
    {"mass_below_doubles", 13, 33, "particle 'bob': its mass is below the range of floating-point numbers"},
};

std::string malformed_directory() {
  const char* root = std::getenv("ADYN_SOURCE_DIR");
  return std::string(root ? root : ".") + "/tests/io/malformed";
}

std::string path_of(const MalformedCase& c) { return malformed_directory() + "/" + c.name + ".yaml"; }

std::string location_of(const MalformedCase& c) {
  return path_of(c) + ":" + std::to_string(c.line) + ":" + std::to_string(c.column) + ":";
}

class MalformedModel : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedModel, ReaderReportsFileLineColumnAndProblem) {
  const auto& c = GetParam();
  try {
    const auto doc = adyn::io::read_model_document(path_of(c));
    adyn::application::consistent_initial_state(doc);  // the initial conditions, where the file gives them
    FAIL() << c.name << ": read without an error";
  } catch (const adyn::ModelFileError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(location_of(c), 0), 0u) << "expected at " << location_of(c) << "\n got: " << what;
    EXPECT_EQ(e.file(), path_of(c));
    EXPECT_EQ(e.line(), c.line) << what;
    EXPECT_EQ(e.column(), c.column) << what;
    EXPECT_NE(what.find(c.message), std::string::npos) << "expected \"" << c.message << "\"\n got: " << what;
    for (const char* internal : {"::", "(): ", "GiNaC", "floating point overflow"})  // a library's words
      EXPECT_EQ(what.find(internal), std::string::npos) << what;
  }
}

TEST_P(MalformedModel, CheckCommandExitsWithStatus2AtTheLocation) {
  const auto& c = GetParam();
  std::ostringstream out, err;
  const int status = adyn::cli::run({"check", path_of(c)}, out, err);
  EXPECT_EQ(status, 2) << err.str();
  EXPECT_NE(err.str().find(location_of(c)), std::string::npos) << err.str();
  EXPECT_NE(err.str().find(c.message), std::string::npos) << err.str();
}

INSTANTIATE_TEST_SUITE_P(BadInput, MalformedModel, ::testing::ValuesIn(malformed_cases),
                         [](const ::testing::TestParamInfo<MalformedCase>& param) {
                           return std::string(param.param.name);
                         });

// The table and the directory agree: no file without its expectation, and each file says on its
// first line what is wrong with it.
TEST(MalformedModels, EveryFileHasARowAndAComment) {
  std::set<std::string> listed;
  for (const auto& c : malformed_cases) listed.insert(c.name);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(malformed_directory())) {
    if (entry.path().extension() != ".yaml") continue;
    ++files;
    const std::string name = entry.path().stem().string();
    EXPECT_TRUE(listed.count(name)) << name << ".yaml has no row in malformed_cases";
    std::ifstream in(entry.path());
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first.rfind("# ", 0), 0u) << name << ".yaml: the first line should say what is wrong";
  }
  EXPECT_EQ(files + 1, std::size(malformed_cases)) << "every row but does_not_exist names a file";
  EXPECT_FALSE(std::filesystem::exists(malformed_directory() + "/does_not_exist.yaml"));
  EXPECT_GE(files, 30u);
}

}  // namespace

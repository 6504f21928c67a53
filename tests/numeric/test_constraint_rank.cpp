// The rank of the constraint rows and its report (adyn/numeric/constraint_rank.hpp).
#include <gtest/gtest.h>

#include <sstream>

#include "adyn/numeric/constraint_rank.hpp"
#include "adyn/numeric/simulation.hpp"

using namespace adyn::numeric;

// A repeated row is dependent; the indicator is |R_rr|/|R_11| of the column-pivoted QR of Jᵀ for the
// expected rank (the pivots are the row (0, 2, 0), then one of the equal rows: 1/2), and σ_r/σ_1
// (√2/2) where the SVD decided.
TEST(ConstraintRank, RankAndDependentRowsBySingularValues) {
  Eigen::MatrixXd J(3, 3);
  J << 1, 0, 0, 0, 2, 0, 1, 0, 0;
  const auto r = rank_at(J, 2);
  EXPECT_EQ(r.rank, 2u);
  const auto dependent = dependent_rows(J, r.rank);
  ASSERT_EQ(dependent.size(), 1u);
  EXPECT_TRUE(dependent[0] == 0 || dependent[0] == 2);
  EXPECT_NEAR(r.indicator, 0.5, 1e-15);
  EXPECT_NEAR(r.singular_ratio, std::sqrt(2.0) / 2, 1e-15);
  J(2, 0) = 1 + 1e-9;  // below the tolerance of 1e-8 of the largest singular value: still dependent
  EXPECT_EQ(rank_at(J, 3).rank, 2u);
  J(2, 2) = 1e-6;
  EXPECT_EQ(rank_at(J, 3).rank, 3u);
}

// Rows far from dependent (every QR pivot above svd_guard): full rank without the SVD.
TEST(ConstraintRank, WellConditionedRowsNeedNoSingularValues) {
  Eigen::MatrixXd J(2, 3);
  J << 1, 0.5, 0, 0, 2, 1;
  const auto r = rank_at(J, 2);
  EXPECT_EQ(r.rank, 2u);
  EXPECT_TRUE(dependent_rows(J, r.rank).empty());
  EXPECT_TRUE(std::isnan(r.singular_ratio));
  EXPECT_GT(r.indicator, svd_guard);
  J(1, 0) = 2, J(1, 1) = 1 + 3e-7, J(1, 2) = 0;  // nearly twice row 0: the SVD decides (σ_2/σ_1 = 4.8e-8: rank 2)
  const auto near = rank_at(J, 2);
  EXPECT_EQ(near.rank, 2u);
  EXPECT_NEAR(near.singular_ratio, 4.8e-8, 1e-10);
  EXPECT_LT(near.indicator, svd_guard);
}

// Many crossings are shown as their count and the first few; redundant rows once.
TEST(ConstraintRank, DescriptionIsBounded) {
  ConstraintRank r{.matrix = "constraint Jacobian", .rows = 4, .rank = 4, .redundant = {}, .changes = {}, .checks = 10};
  EXPECT_EQ(r.describe(), "constraint rank (constraint Jacobian, tolerance 1e-08 of the largest singular value): 4 of 4 rows, no change");
  for (int k = 0; k < 20; ++k)
    r.changes.push_back({.t = k + 0.5, .from = k + 0.5, .restored = k + 0.55, .located = true, .rank = 2, .dependent = {"pin B1 y", "pin B2 x"}});
  r.changes.push_back({.t = 30, .from = 29.9, .restored = 30, .located = false, .rank = 4, .dependent = {}});
  const auto text = r.describe();
  EXPECT_NE(text.find("2 at t = 0.5 (rows 'pin B1 y', 'pin B2 x' dependent), 4 again at t = 0.55; "), std::string::npos) << text;
  EXPECT_NE(text.find("... (21 changes, the first 3 shown)"), std::string::npos) << text;
  EXPECT_EQ(text.find("t = 3.5"), std::string::npos) << text;
  EXPECT_NE(r.describe(30).find("below 4 between t = 29.9 and 30 (not located), 4 again at t = 30"), std::string::npos);
  ConstraintRank bricard{.matrix = "constraint Jacobian", .rows = 5, .rank = 4, .redundant = {"J6 axis 2"}, .changes = {}, .checks = 3};
  EXPECT_NE(bricard.describe().find("4 of 5 rows; 'J6 axis 2' redundant at every sample, no change"), std::string::npos);
  EXPECT_EQ(ConstraintRank{}.describe(), "");
}

// The JSON summary carries the report (null without rows).
TEST(ConstraintRank, InTheJsonSummary) {
  Trajectory tr;
  std::ostringstream none;
  tr.write_json(none);
  EXPECT_NE(none.str().find("\"constraint_rank\": null"), std::string::npos);
  tr.summary.constraint_rank = {.matrix = "constraint Jacobian", .rows = 4, .rank = 4, .redundant = {},
                                .changes = {{.t = 0.714356, .from = 0.714356, .restored = 0.75, .located = true, .rank = 2,
                                             .dependent = {"pin B1 y"}}},
                                .checks = 9};
  std::ostringstream out;
  tr.write_json(out);
  EXPECT_NE(out.str().find("\"changes\":[{\"dependent\":[\"pin B1 y\"],\"from\":0.714356,\"located\":true,\"rank\":2,"
                           "\"restored\":0.75,\"t\":0.714356}]"), std::string::npos) << out.str();
}

// `sente analyze`: known answers in text and JSON, and every kind of bad input.
#include "protocol/analyze/command.h"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/coord.h"
#include "engine/diagram.h"
#include "engine/forbidden.h"
#include "engine/opening_rule.h"
#include "gtest/gtest.h"
#include "protocol/analyze/options.h"
#include "protocol/io/json.h"
#include "tests/test_util.h"

namespace sente {
namespace {

// ---- A strict little JSON reader, so that tests check the output is well formed.

struct Json {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = kNull;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<Json> items;
  std::map<std::string, Json> fields;

  const Json& operator[](const std::string& key) const {
    static const Json missing;
    auto it = fields.find(key);
    return it == fields.end() ? missing : it->second;
  }
  bool Has(const std::string& key) const { return fields.count(key) > 0; }
  std::vector<std::string> Strings() const {
    std::vector<std::string> out;
    for (const Json& item : items) out.push_back(item.text);
    return out;
  }
};

class JsonReader {
 public:
  explicit JsonReader(const std::string& text) : s_(text) {}

  // The one value in the text, or nullptr if the text is not exactly one JSON value.
  std::unique_ptr<Json> ReadDocument() {
    auto value = std::make_unique<Json>();
    if (!ReadValue(*value)) return nullptr;
    Blank();
    return i_ == s_.size() ? std::move(value) : nullptr;
  }

 private:
  void Blank() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r'))
      ++i_;
  }
  bool Eat(char c) {
    Blank();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool Word(const char* w) {
    std::string word(w);
    if (s_.compare(i_, word.size(), word) != 0) return false;
    i_ += word.size();
    return true;
  }
  bool ReadString(std::string& out) {
    if (!Eat('"')) return false;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c == '\\') {
        if (i_ >= s_.size()) return false;
        char e = s_[i_++];
        if (e == 'n')
          c = '\n';
        else if (e == 't')
          c = '\t';
        else if (e == 'r')
          c = '\r';
        else if (e == '"' || e == '\\' || e == '/')
          c = e;
        else if (e == 'u' && i_ + 4 <= s_.size()) {
          c = static_cast<char>(std::stoi(s_.substr(i_, 4), nullptr, 16));
          i_ += 4;
        } else
          return false;
      }
      out += c;
    }
    return Eat('"');
  }
  bool ReadValue(Json& v) {
    Blank();
    if (i_ >= s_.size()) return false;
    char c = s_[i_];
    if (c == '{') {
      ++i_;
      v.kind = Json::kObject;
      if (Eat('}')) return true;
      do {
        std::string key;
        Blank();
        if (!ReadString(key) || !Eat(':') || v.fields.count(key)) return false;
        if (!ReadValue(v.fields[key])) return false;
      } while (Eat(','));
      return Eat('}');
    }
    if (c == '[') {
      ++i_;
      v.kind = Json::kArray;
      if (Eat(']')) return true;
      do {
        v.items.emplace_back();
        if (!ReadValue(v.items.back())) return false;
      } while (Eat(','));
      return Eat(']');
    }
    if (c == '"') {
      v.kind = Json::kString;
      return ReadString(v.text);
    }
    if (Word("null")) return true;
    if (Word("true") || Word("false")) {
      v.kind = Json::kBool;
      v.boolean = s_[i_ - 1] == 'e' && s_[i_ - 2] == 'u';
      return true;
    }
    size_t end = i_;
    while (end < s_.size() && std::string("+-0123456789.eE").find(s_[end]) != std::string::npos)
      ++end;
    if (end == i_) return false;
    v.kind = Json::kNumber;
    v.number = std::stod(s_.substr(i_, end - i_));
    i_ = end;
    return true;
  }

  const std::string& s_;
  size_t i_ = 0;
};

// ---- Running the command.

struct CommandRun {
  int status = -1;
  std::string out, err;
};

CommandRun Analyze(const std::vector<std::string>& args, bool interactive = false) {
  std::ostringstream out, err;
  CommandRun run;
  run.status = RunAnalyzeWith(args, out, err, interactive);
  run.out = out.str();
  run.err = err.str();
  return run;
}

Json AnalyzeJson(std::vector<std::string> args) {
  args.push_back("--json");
  CommandRun run = Analyze(args);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  std::unique_ptr<Json> json = JsonReader(run.out).ReadDocument();
  EXPECT_TRUE(json != nullptr) << "not one JSON value: " << run.out;
  EXPECT_TRUE(!run.out.empty() && run.out.back() == '\n');
  return json ? *json : Json{};
}

// Runs the real binary; stdout and stderr apart.
CommandRun RunBinary(const std::string& args) {
  std::string err_path = ::testing::TempDir() + "analyze_test_stderr.txt";
  std::string command = absl::StrCat(SENTE_ENGINE_PATH, " analyze ", args, " 2>", err_path);
  CommandRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
  int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(err_path);
  std::stringstream text;
  text << err.rdbuf();
  run.err = text.str();
  return run;
}

std::string WriteTemp(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

// ---- An independent check of a VCF line, by the rules alone.

std::vector<Pos> FivePoints(const Board& board, Color c) {
  std::vector<Pos> out;
  for (Pos p : board.points())
    if (board.IsEmpty(p) && board.MakesFive(p, c)) out.push_back(p);
  return out;
}

// Whether `line` (attacker first, alternating) wins by continuous fours against every
// defence: each attacker move is legal and makes five or a four (blocking the defender's only
// five if it has one), each defender reply is the only block, and after the last threat the
// defender cannot stop the five (two five points, or one forbidden to Black).
::testing::AssertionResult IsWinningVcf(Board board, Color attacker,
                                        const std::vector<std::string>& line) {
  const Color defender = Opponent(attacker);
  if (line.empty()) return ::testing::AssertionFailure() << "empty line";
  for (size_t i = 0; i < line.size(); ++i) {
    absl::StatusOr<Pos> p = ParseRenju(line[i], board.width(), board.height());
    if (!p.ok() || !board.IsEmpty(*p))
      return ::testing::AssertionFailure() << "move " << i << " " << line[i] << " illegal";
    if (i % 2 == 1) {
      std::vector<Pos> fives = FivePoints(board, attacker);
      if (fives.size() != 1 || fives[0] != *p) {
        return ::testing::AssertionFailure() << "defence " << line[i] << " is not the only block";
      }
      board.Place(*p, defender);
      continue;
    }
    if (board.MakesFive(*p, attacker)) return ::testing::AssertionSuccess();
    if (attacker == Color::kBlack && IsForbidden(board, *p)) {
      return ::testing::AssertionFailure() << line[i] << " is forbidden for Black";
    }
    std::vector<Pos> defender_fives = FivePoints(board, defender);
    if (defender_fives.size() > 1 || (defender_fives.size() == 1 && defender_fives[0] != *p)) {
      return ::testing::AssertionFailure() << "defender has a five before " << line[i];
    }
    board.Place(*p, attacker);
    if (FivePoints(board, attacker).empty())
      return ::testing::AssertionFailure() << line[i] << " is no four";
    if (!FivePoints(board, defender).empty())
      return ::testing::AssertionFailure() << "defender fives after " << line[i];
  }
  if (line.size() % 2 == 0) return ::testing::AssertionFailure() << "line ends with a defence";
  std::vector<Pos> fives = FivePoints(board, attacker);
  if (fives.size() >= 2) return ::testing::AssertionSuccess();
  if (fives.size() == 1 && defender == Color::kBlack && IsForbidden(board, fives[0])) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "the last threat can be blocked";
}

Board CaseBoard(const CaseBlock& c) {
  absl::StatusOr<Diagram> diagram = ParseDiagram(c.board);
  EXPECT_TRUE(diagram.ok());
  Board board(15, 15, Rule::kRenju);
  EXPECT_TRUE(PlaceDiagram(*diagram, board).ok());
  return board;
}

// ---- Known answers.

TEST(AnalyzeCommand, VcfPuzzleBestMoveStartsARealForcedWin) {
  for (const std::string name : {"vcf_counter", "vcf_black"}) {
    SCOPED_TRACE(name);
    CaseBlock c = testing::FindCase("vcf/cases.txt", name);
    Color attacker = c.Get("attacker") == "white" ? Color::kWhite : Color::kBlack;
    Json json =
        AnalyzeJson({"--file", testing::DataPath("vcf/cases.txt"), "--case", name, "--depth", "4"});
    EXPECT_EQ(json["to_move"].text, c.Get("attacker"));
    EXPECT_EQ(json["result"].text, "win");
    ASSERT_EQ(json["vcf"].kind, Json::kObject);
    EXPECT_TRUE(json["vcf"]["win"].boolean);
    std::vector<std::string> vcf = json["vcf"]["line"].Strings();
    EXPECT_TRUE(IsWinningVcf(CaseBoard(c), attacker, vcf));
    std::vector<std::string> pv = json["pv"].Strings();
    ASSERT_FALSE(pv.empty());
    EXPECT_EQ(json["best"].text, pv[0]);
    // The best move starts a verified forced win: the VCF itself, or a shorter proven win
    // whose principal variation is again a VCF.
    if (json["best"].text != vcf[0]) {
      EXPECT_TRUE(IsWinningVcf(CaseBoard(c), attacker, pv));
    }
    EXPECT_EQ(json["plies"].kind, Json::kNumber);
    EXPECT_LE(json["plies"].number, vcf.size() + 2);
    EXPECT_GE(json["score"].number, 29000);

    CommandRun text =
        Analyze({"--file", testing::DataPath("vcf/cases.txt"), "--case", name, "--depth", "4"});
    EXPECT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("Best move: " + json["best"].text + "\n"), std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find(c.Get("attacker") == "white" ? "Result: White wins in"
                                                         : "Result: Black wins in"),
              std::string::npos)
        << text.out;
    EXPECT_NE(
        text.out.find("VCF for " + std::string(attacker == Color::kBlack ? "Black" : "White") +
                      ": " + absl::StrJoin(vcf, " ")),
        std::string::npos)
        << text.out;
  }
}

// Black to move; White has a four h9-k9 (g9 blocked by Black) whose only five point is l9.
constexpr char kMustBlock[] = "h8 h9 g9 i9 a1 j9 a15 k9";

TEST(AnalyzeCommand, MustBlockTheOpponentsFour) {
  Board board = testing::BoardFromMoves(Rule::kRenju, 15, kMustBlock);
  std::vector<Pos> white_fives = FivePoints(board, Color::kWhite);
  ASSERT_EQ(white_fives.size(), 1u);
  const std::string block = FormatRenju(white_fives[0], 15);
  ASSERT_EQ(block, "l9");

  Json json = AnalyzeJson({kMustBlock, "--depth", "3"});
  EXPECT_EQ(json["to_move"].text, "black");
  EXPECT_EQ(json["best"].text, block);
  EXPECT_NE(json["result"].text, "win");
  EXPECT_EQ(json["threats"]["white"]["five"].Strings(), std::vector<std::string>{block});
  EXPECT_EQ(json["last_move"].text, "k9");

  CommandRun text = Analyze({"--moves", kMustBlock, "--depth", "3"});
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("Best move: l9\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("White  five: l9 "), std::string::npos) << text.out;
}

// White to move. Black's h8 is a double three (f8 g8 and h6 h7); White's k11 makes the four
// i9-l12, blocked by Black at m13, whose only five point is h8: Black cannot block it.
constexpr char kForbiddenBlock[] = "f8 i9 g8 j10 h6 l12 h7 a1 m13";

TEST(AnalyzeCommand, WhiteWinsWhenBlacksOnlyBlockIsForbidden) {
  Board board = testing::BoardFromMoves(Rule::kRenju, 15, kForbiddenBlock);
  ASSERT_EQ(ForbiddenKind(board, *ParseRenju("h8", 15, 15)), Foul::kDoubleThree);

  Json json = AnalyzeJson({kForbiddenBlock, "--rule", "renju", "--depth", "4"});
  EXPECT_EQ(json["to_move"].text, "white");
  EXPECT_EQ(json["result"].text, "win");
  EXPECT_EQ(json["plies"].number, 3);
  // Playing it out: after the best move White has one five point, and it is forbidden to Black.
  absl::StatusOr<Pos> best = ParseRenju(json["best"].text, 15, 15);
  ASSERT_TRUE(best.ok()) << json["best"].text;
  board.Place(*best, Color::kWhite);
  std::vector<Pos> fives = FivePoints(board, Color::kWhite);
  ASSERT_EQ(fives.size(), 1u);
  EXPECT_TRUE(IsForbidden(board, fives[0]));
  EXPECT_TRUE(FivePoints(board, Color::kBlack).empty());
  std::set<std::string> forbidden;
  for (const Json& f : json["forbidden"].items)
    forbidden.insert(f["point"].text + "=" + f["kind"].text);
  EXPECT_EQ(forbidden, std::set<std::string>{"h8=33"});

  CommandRun text = Analyze({kForbiddenBlock, "--depth", "4"});
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("Result: White wins in 2 moves (3 plies)"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("Forbidden for Black: h8=33"), std::string::npos) << text.out;
}

// The mark at a point of the drawn board: column letters, row numbers, row 1 at the bottom.
char MarkAt(const std::string& report, const std::string& point) {
  Pos p = *ParseRenju(point, 15, 15);
  int row = 15 - PosY(p);
  std::string prefix = absl::StrCat(row < 10 ? " " : "", row, " ");
  for (absl::string_view line : absl::StrSplit(report, '\n')) {
    if (line.size() == 3 + 2 * 15 + 3 && line.substr(0, 3) == prefix)
      return line[3 + 2 * PosX(p) + 1];
  }
  return '?';
}

// Whether a diagram holds five or more stones of one colour in a row: analysis refuses it.
bool HasFiveInARow(const std::vector<std::string>& rows) {
  const int n = static_cast<int>(rows.size());
  auto at = [&](int x, int y) {
    return x >= 0 && y >= 0 && y < n && x < static_cast<int>(rows[y].size()) ? rows[y][x] : '.';
  };
  const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      for (const auto& d : dirs) {
        if (at(x, y) == '.') continue;
        int k = 1;
        while (k < 5 && at(x + k * d[0], y + k * d[1]) == at(x, y)) ++k;
        if (k == 5) return true;
      }
  return false;
}

TEST(AnalyzeCommand, RenjuForbiddenPointsAreListedAndDrawn) {
  int checked = 0;
  for (const CaseBlock& c : testing::ReadCases("renju-forbidden/mintaka.txt")) {
    std::string expected = c.Get("forbidden");
    if (c.Get("complete") != "yes" || expected.empty() ||
        expected.find("=F") != std::string::npos || HasFiveInARow(c.board)) {
      continue;
    }
    SCOPED_TRACE(c.name);
    std::vector<std::string> args = {
        "--file",         testing::DataPath("renju-forbidden/mintaka.txt"),
        "--case",         c.name,
        "--depth",        "1",
        "--threat-nodes", "0"};
    Json json = AnalyzeJson(args);
    std::set<std::string> got;
    for (const Json& f : json["forbidden"].items)
      got.insert(f["point"].text + "=" + f["kind"].text);
    std::vector<std::string> want_list = absl::StrSplit(expected, ' ', absl::SkipWhitespace());
    EXPECT_EQ(got, std::set<std::string>(want_list.begin(), want_list.end()));

    CommandRun text = Analyze(args);
    ASSERT_EQ(text.status, 0) << text.err;
    for (const std::string& item : want_list) {
      std::string point = item.substr(0, item.find('='));
      EXPECT_EQ(MarkAt(text.out, point), item[item.find('=') + 1]) << item << "\n" << text.out;
      EXPECT_NE(text.out.find(" " + item), std::string::npos);
    }
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

TEST(AnalyzeCommand, BoardShowsCoordinatesStonesAndTheLastMove) {
  CommandRun run = Analyze({"h8h9i8", "--depth", "1", "--threat-nodes", "0"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("    a b c d e f g h i j k l m n o\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n 8  . . . . . . . X(X). . . . . .  8\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n 9  . . . . . . . O . . . . . . .  9\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("White to move, last move i8 (Black)"), std::string::npos) << run.out;
  EXPECT_EQ(MarkAt(run.out, "h8"), 'X');
  EXPECT_EQ(MarkAt(run.out, "h9"), 'O');
}

TEST(AnalyzeCommand, DiagramWithSideToMoveAndThreats) {
  // White to move by choice although the stones are even; White has a straight-four point.
  std::string rows;
  for (int y = 0; y < 15; ++y) {
    std::string row(15, '.');
    if (y == 7) row.replace(5, 3, "OOO");
    if (y == 10) row.replace(2, 3, "XXX");
    rows += row + "\n";
  }
  std::string path = WriteTemp("analyze_diagram.txt", "# a comment line\n" + rows);
  Json json =
      AnalyzeJson({"--file", path, "--to-move", "white", "--rule", "freestyle", "--depth", "2"});
  EXPECT_EQ(json["rule"].text, "freestyle");
  EXPECT_EQ(json["to_move"].text, "white");
  EXPECT_EQ(json["last_move"].kind, Json::kNull);
  EXPECT_EQ(json["forbidden"].items.size(), 0u);
  std::vector<std::string> flex = json["threats"]["white"]["straight_four"].Strings();
  EXPECT_EQ(std::set<std::string>(flex.begin(), flex.end()), (std::set<std::string>{"e8", "i8"}));
  std::vector<std::string> black_flex = json["threats"]["black"]["straight_four"].Strings();
  EXPECT_EQ(std::set<std::string>(black_flex.begin(), black_flex.end()),
            (std::set<std::string>{"b5", "f5"}));
  EXPECT_EQ(json["result"].text, "win");

  Json black = AnalyzeJson({"--file", path, "--rule", "0", "--depth", "2"});
  EXPECT_EQ(black["to_move"].text, "black");
}

TEST(AnalyzeCommand, ItsOwnBoardDrawingReadsBackAsADiagram) {
  // A renju position with a forbidden point (h8) and a last move, drawn, then read back.
  CommandRun first = Analyze({kForbiddenBlock, "--depth", "1", "--threat-nodes", "0"});
  ASSERT_EQ(first.status, 0) << first.err;
  size_t begin = first.out.find("\n\n") + 2;
  size_t end = first.out.find("\n\n", begin);
  std::string drawing = first.out.substr(begin, end - begin + 1);
  ASSERT_NE(drawing.find("(X)"), std::string::npos) << drawing;
  ASSERT_NE(drawing.find('3'), std::string::npos) << drawing;
  std::string path = WriteTemp("analyze_drawing.txt", drawing);
  Json again = AnalyzeJson({"--file", path, "--depth", "1", "--threat-nodes", "0"});
  Json original = AnalyzeJson({kForbiddenBlock, "--depth", "1", "--threat-nodes", "0"});
  EXPECT_EQ(again["to_move"].text, "white");
  EXPECT_EQ(again["forbidden"].items.size(), 1u);
  EXPECT_EQ(again["forbidden"].items[0]["point"].text, "h8");
  for (Color c : {Color::kBlack, Color::kWhite}) {
    std::string key = c == Color::kBlack ? "black" : "white";
    for (const char* kind : {"five", "straight_four", "four", "three"})
      EXPECT_EQ(again["threats"][key][kind].Strings(), original["threats"][key][kind].Strings())
          << key << kind;
  }
}

TEST(AnalyzeCommand, JsonHasEveryDocumentedKey) {
  Json json = AnalyzeJson({"h8", "h9", "--depth", "2", "--multipv", "3"});
  for (const char* key :
       {"rule",  "size",         "to_move", "last_move", "best",      "score",   "result",
        "plies", "proof",        "pv",      "lines",     "forbidden", "threats", "vcf",
        "vct",   "opponent_vcf", "depth",   "nodes",     "ms",        "total_ms"}) {
    EXPECT_TRUE(json.Has(key)) << key;
  }
  EXPECT_EQ(json["result"].text, "unknown");
  EXPECT_EQ(json["plies"].kind, Json::kNull);
  EXPECT_GE(json["depth"].number, 1);
  EXPECT_GE(json["nodes"].number, 1);
  std::set<std::string> moves;
  for (const Json& line : json["lines"].items) moves.insert(line["move"].text);
  EXPECT_EQ(json["lines"].items.size(), 3u);
  EXPECT_EQ(moves.size(), 3u);
}

TEST(AnalyzeCommand, ProgressIsPrintedAsLinesWhenPipedAndInPlaceOnATerminal) {
  CommandRun piped = Analyze({"h8 h9 i8", "--depth", "3", "--threat-nodes", "0"});
  ASSERT_EQ(piped.status, 0) << piped.err;
  EXPECT_EQ(piped.out.find('\r'), std::string::npos);
  EXPECT_NE(piped.out.find("\ndepth 1/"), std::string::npos) << piped.out;
  EXPECT_NE(piped.out.find("\ndepth 3/"), std::string::npos) << piped.out;

  CommandRun tty = Analyze({"h8 h9 i8", "--depth", "3", "--threat-nodes", "0"}, true);
  ASSERT_EQ(tty.status, 0) << tty.err;
  EXPECT_NE(tty.out.find("\rdepth 3/"), std::string::npos) << tty.out;
}

// ---- Bad input: one line on stderr naming the problem, nothing on stdout, non-zero exit.

void ExpectError(const std::vector<std::string>& args, const std::string& words) {
  SCOPED_TRACE(absl::StrJoin(args, " "));
  CommandRun run = Analyze(args);
  EXPECT_NE(run.status, 0);
  EXPECT_EQ(run.out, "");
  ASSERT_FALSE(run.err.empty());
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
  EXPECT_EQ(run.err.rfind("analyze: ", 0), 0u) << run.err;
  EXPECT_NE(run.err.find(words), std::string::npos) << run.err;
}

std::string DiagramOf(int size, const std::vector<std::string>& stones_rows = {}) {
  std::string text;
  for (int y = 0; y < size; ++y)
    text +=
        (y < static_cast<int>(stones_rows.size()) ? stones_rows[y] : std::string(size, '.')) + "\n";
  return text;
}

TEST(AnalyzeCommand, BadPointsAndPositions) {
  ExpectError({"h8 z9"}, "'z9'");
  ExpectError({"h8 h16"}, "'h16' is off the 15x15 board");
  ExpectError({"h8 9h"}, "bad point '9'");
  ExpectError({"h8 h9 h8"}, "move 3 (h8) is on an occupied point");
  ExpectError({"h8 a1 h9 a2 h10 a3 h11 a4 h12"}, "Black already has a five");
  ExpectError({"h8 a1 h9 a2 h10 a3 h11 a4 b1 a5", "--rule", "freestyle"},
              "White already has a five");
  // Renju: Black's double three at h8 (f8 g8, h6 h7) is a foul.
  ExpectError({"f8 a1 g8 a3 h6 a5 h7 a7 h8"}, "move 9 (h8) is forbidden for Black (33)");
  ExpectError({"--size", "9", "h8 j9"}, "'j9' is off the 9x9 board");
}

TEST(AnalyzeCommand, BadDiagrams) {
  ExpectError({"--file", WriteTemp("analyze_13.txt", DiagramOf(13))},
              "the diagram is 13x13, expected 15x15");
  ExpectError({"--file", WriteTemp("analyze_15.txt", DiagramOf(15)), "--size", "13"},
              "expected 13x13 (--size)");
  std::string ragged = DiagramOf(15);
  ragged.replace(ragged.find('\n', 20), 1, ".\n");
  ExpectError({"--file", WriteTemp("analyze_ragged.txt", ragged)}, "diagram row 2 has 16 points");
  ExpectError({"--file", WriteTemp("analyze_char.txt", DiagramOf(15, {"......Z........"}))},
              "unexpected character 'Z'");
  ExpectError({"--file", WriteTemp("analyze_five.txt", DiagramOf(15, {"OOOOO..XXXX...."}))},
              "White already has a five");
  ExpectError({"--file", WriteTemp("analyze_empty.txt", "\n\n")}, "holds no diagram");
  ExpectError({"--file", ::testing::TempDir() + "no_such_file.txt"}, "cannot open");
  ExpectError({"--file", testing::DataPath("vcf/cases.txt"), "--case", "no_such_case"},
              "no case 'no_such_case'");
  // A full 5x5 board without a five.
  ExpectError({"--file", WriteTemp("analyze_full.txt", "XXOOX\nOOXXO\nXXOOX\nOOXXO\nXXOOX\n"),
               "--size", "5", "--rule", "freestyle"},
              "the board is full");
}

TEST(AnalyzeCommand, BadOptions) {
  ExpectError({"h8", "--rule", "chess"}, "unknown rule 'chess'");
  ExpectError({"h8", "--rule", "7"}, "unsupported rule 7");
  ExpectError({"h8", "--depth", "abc"}, "bad value 'abc' for --depth");
  ExpectError({"h8", "--depth", "0"}, "bad value '0' for --depth");
  ExpectError({"h8", "--nodes", "-5"}, "bad value '-5' for --nodes");
  ExpectError({"h8", "--time", "-1"}, "bad value '-1' for --time");
  ExpectError({"h8", "--time", "5q"}, "bad value '5q' for --time");
  ExpectError({"h8", "--time", "0"}, "bad value '0' for --time");
  ExpectError({"h8", "--threads", "0"}, "bad value '0' for --threads");
  ExpectError({"h8", "--hash", "1e9"}, "bad value '1e9' for --hash");
  ExpectError({"h8", "--hash", "1048576"},
              "--hash 1048576 MiB is more than half of this machine's");
  ExpectError({"h8", "--multipv", "0"}, "bad value '0' for --multipv");
  ExpectError({"h8", "--size", "30"}, "bad value '30' for --size");
  ExpectError({"h8", "--to-move", "red"}, "bad value 'red' for --to-move");
  ExpectError({"h8", "--frobnicate", "1"}, "unknown option '--frobnicate'");
  ExpectError({"h8", "--depth"}, "option --depth needs a value");
  ExpectError({"h8", "--file", "x.txt"}, "either a move list or --file");
}

TEST(AnalyzeCommand, DurationsAreMillisecondsOrSeconds) {
  EXPECT_EQ(*ParseAnalyzeTime("500"), 500);
  EXPECT_EQ(*ParseAnalyzeTime("500ms"), 500);
  EXPECT_EQ(*ParseAnalyzeTime("2s"), 2000);
  EXPECT_EQ(*ParseAnalyzeTime("1.5s"), 1500);
  EXPECT_FALSE(ParseAnalyzeTime("s").ok());
  EXPECT_FALSE(ParseAnalyzeTime("").ok());
  EXPECT_FALSE(ParseAnalyzeTime("inf").ok());
  EXPECT_FALSE(ParseAnalyzeTime("nan").ok());
}

TEST(AnalyzeCommand, HelpGoesToStdout) {
  CommandRun run = Analyze({"--help"});
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("--multipv"), std::string::npos);
}

TEST(AnalyzeCommand, RealBinaryExitCodesAndStreams) {
  CommandRun bad = RunBinary("h8 h8");
  EXPECT_NE(bad.status, 0);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(bad.err, "analyze: move 2 (h8) is on an occupied point\n");

  CommandRun good = RunBinary("--json --depth 2 --threat-nodes 1000 \"h8 h9 i8\"");
  EXPECT_EQ(good.status, 0) << good.err;
  std::unique_ptr<Json> json = JsonReader(good.out).ReadDocument();
  ASSERT_TRUE(json != nullptr) << good.out;
  EXPECT_EQ((*json)["to_move"].text, "white");
  EXPECT_EQ(good.err, "");
}

// An opening decision by analyze, bounded by nodes per search (and a time cap).
Json Opening(std::vector<std::string> args) {
  for (const char* flag : {"--nodes", "1500", "--time", "3s", "--hash", "4"}) args.push_back(flag);
  return AnalyzeJson(args);
}

std::vector<Pos> RenjuMoves(const Json& list) {
  std::vector<Pos> out;
  for (const std::string& m : list.Strings()) out.push_back(*ParseRenju(m, 15, 15));
  return out;
}

TEST(AnalyzeOpening, EveryRulesDecisionWithTheScoresOfItsOptions) {
  Json stone = Opening({"--opening-rule", "taraguchi10", "h8", "i9", "g10"});
  ASSERT_EQ(stone["placed"].items.size(), 1u);
  Board board(15, 15, Rule::kRenju);
  EXPECT_TRUE(InCentralSquare(board, RenjuMoves(stone["placed"])[0], 7));
  EXPECT_GE(stone["options"].items.size(), 2u);
  for (const Json& option : stone["options"].items) EXPECT_EQ(option["score"].kind, Json::kNumber);

  Json offers = Opening(
      {"--opening-rule", "soosorv8", "--stage", "offer", "--count", "3", "h8", "h9", "j10", "a1"});
  Board four = testing::BoardFromMoves(Rule::kRenju, 15, "h8 h9 j10 a1");
  EXPECT_TRUE(CheckFifthMoveOffers(four, RenjuMoves(offers["offered"]), 3).ok());
  ASSERT_EQ(offers["options"].items.size(), 3u);
  EXPECT_GE(offers["options"].items[0]["score"].number, offers["options"].items[2]["score"].number);

  Json choice = Opening({"--opening-rule", "taraguchi10", "--stage", "choose", "--count", "10",
                         "--offers", "a1 a2 a3 a4 a5 a6 a7 a8 a9 j8", "h8", "i9", "g10", "k11"});
  ASSERT_EQ(choice["placed"].items.size(), 2u);
  EXPECT_EQ(choice["options"].items.size(), 10u);
  EXPECT_EQ(choice["decision"].text.rfind("take ", 0), 0u) << choice["decision"].text;

  Json swap = Opening({"--opening-rule", "soosorv8", "--stage", "swap", "h8", "h9", "j10"});
  EXPECT_NE(swap["swap"].boolean, swap["no_swap"].boolean);

  Json opening = Opening({"--opening-rule", "pro"});
  EXPECT_TRUE(
      CheckOpeningStones(board, *ParseOpeningRule("pro"), RenjuMoves(opening["placed"])).ok());
  Json swap2 = Opening({"--opening-rule", "swap2", "--rule", "freestyle", "h8", "h9", "j10"});
  EXPECT_TRUE(swap2["swap"].boolean || !swap2["placed"].items.empty());

  CommandRun text = Analyze({"--opening-rule", "taraguchi10", "--nodes", "500", "h8"});
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("Decision: "), std::string::npos) << text.out;
}

TEST(AnalyzeOpening, BadRequestsAreRefusedWithTheReason) {
  struct Case {
    std::vector<std::string> args;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {{"--opening-rule", "taraguchi10", "h8", "j10"}, "outside the central 3x3"},
      {{"--opening-rule", "soosorv8", "--stage", "choose", "--count", "2", "--offers", "g8 i8",
        "h8", "h9", "h10", "h6"},
       "symmetric"},
      {{"--opening-rule", "taraguchi10", "--stage", "offer", "--count", "10", "h8", "i9", "g10"},
       "takes 4 stones, got 3"},
      {{"--opening-rule", "taraguchi10", "--stage", "offer", "--count", "9", "h8", "i9", "g10",
        "k11"},
       "exactly 10"},
      {{"--opening-rule", "pro", "h8", "h9"}, "0, 3 or 5 stones"},
      {{"--opening-rule", "soosorv8", "--stage", "choose", "--count", "2", "--offers", "a1", "h8",
        "h9", "j10", "a2"},
       "1 fifth moves offered, 2 declared"},
      {{"--opening-rule", "renju26", "h8"}, "unknown opening rule"},
      {{"--opening-rule", "pro", "--stage", "later"}, "unknown stage"},
      {{"--opening-rule", "pro", "--offers", "a1"}, "--offers only with --stage choose"},
  };
  for (const Case& c : cases) {
    CommandRun run = Analyze(c.args);
    EXPECT_EQ(run.status, 1) << absl::StrJoin(c.args, " ");
    EXPECT_NE(run.err.find(c.reason), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");
  }
  EXPECT_EQ(Analyze({"--count", "2", "h8"}).status, 2);  // no --opening-rule
}

TEST(JsonWriter, WritesNestedValuesAndEscapes) {
  JsonWriter json;
  json.BeginObject()
      .Key("a")
      .BeginArray()
      .Int(-3)
      .Bool(true)
      .Null()
      .String("q\"\\\n\x01")
      .EndArray();
  json.Key("b").BeginObject().EndObject().Key("c").BeginArray().EndArray().EndObject();
  EXPECT_EQ(json.str(), "{\"a\":[-3,true,null,\"q\\\"\\\\\\n\\u0001\"],\"b\":{},\"c\":[]}");
  std::unique_ptr<Json> parsed = JsonReader(json.str()).ReadDocument();
  ASSERT_TRUE(parsed != nullptr);
  EXPECT_EQ((*parsed)["a"].items[3].text, "q\"\\\n\x01");
}

}  // namespace
}  // namespace sente

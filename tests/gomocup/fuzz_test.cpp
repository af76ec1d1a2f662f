// Bounded fuzzing of the command parser and of the whole session with random and hostile
// input: nothing may crash or hang, every answer is well formed, and the game state holds.
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/coord.h"
#include "gtest/gtest.h"
#include "protocol/gomocup/command.h"
#include "tests/gomocup/harness.h"
#include "tests/gomocup/manager.h"

namespace sente {
namespace {

std::string RandomBytes(std::mt19937& rng, int max_length) {
  static const std::string kAlphabet = "0123456789,,,  -+\t\rABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz";
  std::string out(std::uniform_int_distribution<int>(0, max_length)(rng), ' ');
  for (char& c : out) {
    c = rng() % 4 == 0 ? static_cast<char>(rng() % 256) : kAlphabet[rng() % kAlphabet.size()];
    if (c == '\n') c = ' ';
  }
  return out;
}

std::string RandomNumber(std::mt19937& rng) {
  switch (rng() % 6) {
    case 0:
      return absl::StrCat(static_cast<int>(rng() % 25) - 2);
    case 1:
      return absl::StrCat(static_cast<uint64_t>(rng()) * rng());
    case 2:
      return absl::StrCat("-", rng());
    case 3:
      return "99999999999999999999999";
    case 4:
      return "";
    default:
      return absl::StrCat(rng() % 16);
  }
}

std::string RandomPoint(std::mt19937& rng) {
  if (rng() % 8 == 0) return RandomBytes(rng, 8);
  return absl::StrCat(rng() % 8 == 0 ? RandomNumber(rng) : absl::StrCat(rng() % 22), ",",
                      rng() % 8 == 0 ? RandomNumber(rng) : absl::StrCat(rng() % 22));
}

// A line a hostile or broken manager might send.
std::string RandomLine(std::mt19937& rng) {
  static const char* kKeys[] = {"timeout_turn", "timeout_match", "time_left", "max_memory",
                                "rule",         "thread_num",    "max_depth", "max_node",
                                "hash_size",    "show_detail",   "game_type", "folder",
                                "bogus"};
  switch (rng() % 20) {
    case 0:
      return RandomBytes(rng, 60);
    case 1:
      return absl::StrCat("START ",
                          rng() % 3 == 0 ? RandomNumber(rng) : absl::StrCat(5 + rng() % 18));
    case 2:
      return absl::StrCat("RECTSTART ", RandomPoint(rng));
    case 3:
      return "RESTART";
    case 4:
      return "BEGIN";
    case 5:
    case 6:
    case 7:
      return "TURN " + RandomPoint(rng);
    case 8: {
      std::string block = rng() % 2 ? "BOARD" : "YXBOARD";
      int n = rng() % 8;
      for (int i = 0; i < n; ++i)
        absl::StrAppend(&block, "\n", RandomPoint(rng), ",", 1 + rng() % 3);
      // Without DONE, the next command ends the block (the harness cannot wait for more input).
      return block + (rng() % 6 ? "\nDONE" : "\nABOUT");
    }
    case 9: {
      std::string block = "SWAP2BOARD";
      int n = rng() % 3 == 0 ? rng() % 7 : (rng() % 3) * 2 + (rng() % 2);
      for (int i = 0; i < n; ++i) absl::StrAppend(&block, "\n", RandomPoint(rng));
      return block + "\nDONE";
    }
    case 10:
    case 11:
      return absl::StrCat("INFO ", kKeys[rng() % 13], " ", RandomNumber(rng));
    case 12:
      return "TAKEBACK " + RandomPoint(rng);
    case 13:
      return "PLAY " + RandomPoint(rng);
    case 14:
      return "YXSHOWFORBID";
    case 15:
      return absl::StrCat("YXNBEST ", RandomNumber(rng));
    case 16:
      return rng() % 2 ? "YXSTOP" : "yxhashclear";
    case 17:
      return "ABOUT";
    case 18:
      return "DONE";
    default:
      return "YXSHOWINFO";
  }
}

TEST(GomocupFuzz, ParserTakesAnyBytes) {
  std::mt19937 rng(12345);
  for (int i = 0; i < 20000; ++i) {
    std::string text = rng() % 2 ? RandomBytes(rng, 40) : RandomLine(rng);
    Command command = ParseCommand(text);
    (void)ClassifyInterrupt(text);
    if (auto size = ParseStartSize(command.args); size.ok()) {
      EXPECT_TRUE(Board::ValidateSize(size->first, size->second).ok()) << text;
    }
    if (auto size = ParseRectSize(command.args); size.ok()) {
      EXPECT_TRUE(Board::ValidateSize(size->first, size->second).ok()) << text;
    }
    if (auto stone = ParseFieldStone(text, 15, 15); stone.ok()) {
      EXPECT_TRUE(stone->x >= 0 && stone->x < 15 && stone->y >= 0 && stone->y < 15) << text;
      EXPECT_TRUE(stone->field >= 1 && stone->field <= 3) << text;
    }
    (void)ParseInfo(command.args);
    if (auto p = ParseGomocup(command.args, 15, 15); p.ok()) {
      EXPECT_TRUE(PosX(*p) >= 0 && PosX(*p) < 15 && PosY(*p) >= 0 && PosY(*p) < 15) << text;
    }
  }
}

TEST(GomocupFuzz, SessionSurvivesRandomCommands) {
  auto printable = [](const std::string& s) {
    for (char c : s) {
      if (c < 0x20 || c > 0x7e) return false;
    }
    return true;
  };
  auto forbid = [](const std::string& s) {
    if (s.rfind("FORBID ", 0) != 0 || s.back() != '.' || (s.size() - 8) % 4 != 0) return false;
    for (size_t i = 7; i + 1 < s.size(); ++i) {
      if (s[i] < '0' || s[i] > '9') return false;
    }
    return true;
  };
  auto well_formed = [&](const std::string& s) {
    if (!printable(s)) return false;
    if (s == "OK" || s == "SWAP" || testing::IsMoveList(s) || forbid(s) || s == kAboutLine) {
      return true;
    }
    return (s.rfind("ERROR ", 0) == 0 || s.rfind("UNKNOWN ", 0) == 0) && s.size() > 8;
  };
  const int lines = testing::Sanitized() ? 600 : 2000;
  for (uint32_t seed : {1u, 2u}) {
    std::mt19937 rng(seed);
    testing::Harness h;
    h.Send("INFO timeout_turn 5\nINFO show_detail 0");
    for (int i = 0; i < lines; ++i) {
      std::string line = RandomLine(rng);
      // Keep searches short whatever the fuzz sets.
      if (line.rfind("INFO timeout_turn", 0) == 0 || line.rfind("INFO time", 0) == 0) continue;
      if (line.rfind("INFO max_depth", 0) == 0 || line.rfind("INFO max_node", 0) == 0) continue;
      if (line.rfind("INFO hash_size", 0) == 0 || line.rfind("INFO max_memory", 0) == 0) continue;
      if (line.rfind("INFO thread_num", 0) == 0) continue;
      std::vector<std::string> answers = h.Send(line);
      for (const std::string& a : answers) {
        ASSERT_TRUE(well_formed(a)) << "'" << a << "' after '" << line << "'";
      }
      if (!h.player().started()) continue;
      const Board& board = h.board();
      ASSERT_EQ(board.stone_count(), board.count(Color::kBlack) + board.count(Color::kWhite));
      // A move answer is a stone of the board now (it was empty before).
      if (answers.size() == 1 && testing::IsMove(answers[0]) &&
          (line.rfind("TURN", 0) == 0 || line.rfind("BEGIN", 0) == 0 ||
           line.rfind("BOARD", 0) == 0)) {
        absl::StatusOr<Pos> p = ParseGomocup(answers[0], board.width(), board.height());
        ASSERT_TRUE(p.ok()) << answers[0];
        ASSERT_FALSE(board.IsEmpty(*p)) << answers[0];
        ASSERT_EQ(board.LastMove(), *p);
      }
    }
  }
}

TEST(GomocupFuzz, ProcessSurvivesJunk) {
  testing::ManagedEngine engine("\n");
  ASSERT_TRUE(engine.ok());
  std::mt19937 rng(7);
  std::string junk;
  for (int i = 0; i < 300; ++i) {
    std::string line = rng() % 2 ? RandomBytes(rng, 80) : RandomLine(rng);
    if (line.find("INFO") != std::string::npos) continue;
    if (ClassifyInterrupt(line) == Interrupt::kQuit) continue;
    junk += line + "\n";
  }
  ASSERT_TRUE(engine.process().Write("INFO timeout_turn 5\n" + junk).ok());
  ASSERT_TRUE(engine.process().Write("\nDONE\nABOUT\n").ok());
  std::string answer;
  while (!(answer = engine.Answer(20000)).empty() && answer.rfind("name=\"Sente\"", 0) != 0) {
  }
  EXPECT_EQ(answer.rfind("name=\"Sente\"", 0), 0u) << "no ABOUT answer after the junk";
  EXPECT_TRUE(engine.process().Running());
  engine.Send("END");
  EXPECT_TRUE(engine.process().Wait(3000).has_value());
}

}  // namespace
}  // namespace sente

// Long input lines through the real pbrain-sente (issue #13): Piskvork sends
// `INFO folder <path>`, and a Windows path reaches 32,767 characters.
#include <string>

#include "gtest/gtest.h"
#include "protocol/gomocup/command_queue.h"
#include "tests/gomocup/manager.h"

namespace sente {
namespace {

using testing::IsMove;
using testing::ManagedEngine;

TEST(GomocupLongLines, A64KiBInfoFolderLineIsTakenSilently) {
  static_assert(kMaxLineLength >= 64 * 1024);
  for (const char* eol : {"\r\n", "\n"}) {
    ManagedEngine engine(eol);
    ASSERT_TRUE(engine.ok());
    engine.Send("INFO folder C:\\" + std::string(64 * 1024, 'd'));
    engine.Send("INFO timeout_turn 100");
    // The next answer is START's: INFO folder was taken without an ERROR.
    EXPECT_EQ(engine.Ask("START 15"), "OK");
    EXPECT_TRUE(IsMove(engine.Ask("BEGIN")));
    EXPECT_TRUE(engine.messages().empty() ||
                engine.messages()[0].find("ERROR") == std::string::npos);
  }
}

TEST(GomocupLongLines, AnAbsurdLineGetsOneErrorAndTheSessionGoesOn) {
  ManagedEngine engine("\n");
  ASSERT_TRUE(engine.ok());
  ASSERT_EQ(engine.Ask("START 15"), "OK");
  engine.Send("INFO timeout_turn 100");
  ASSERT_TRUE(IsMove(engine.Ask("TURN 7,7")));
  // Over 1 MiB: four of them, sent in pieces, each once as one line.
  const std::string absurd = "INFO folder " + std::string(kMaxLineLength + 1000, 'x');
  for (int i = 0; i < 4; ++i) engine.Send(absurd);
  for (int i = 0; i < 4; ++i) {
    std::string answer = engine.Answer(5000);
    EXPECT_EQ(answer.rfind("ERROR line too long", 0), 0u) << answer.substr(0, 80);
    EXPECT_LT(answer.size(), 200u);
  }
  // Then the session is where it was: the next answer is the next command's.
  EXPECT_EQ(engine.Ask("ABOUT").rfind("name=", 0), 0u);
  EXPECT_TRUE(IsMove(engine.Ask("TURN 0,0")));
  EXPECT_TRUE(engine.process().Running());
}

}  // namespace
}  // namespace sente

// A scripted Gomocup engine for the match runner's tests. Each move request (BEGIN, TURN,
// BOARD) consumes the next script item; when the script runs out it plays the empty point
// nearest the centre. The script restarts at every START.
//
// With --opening it speaks the opening rules' commands (OPENMOVEBOARD, OPENSWAPBOARD,
// OPENOFFERBOARD, OPENCHOOSEBOARD, SWAP2BOARD): it reads their block and answers the next
// script item like a move request (raw=SWAP, raw=7,7 8,8 ...); without it they get UNKNOWN.
//
// usage: sente-fake-engine [--refuse-start] [--chatter] [--opening] [--memory MB] [--log FILE]
//                          [ITEM...]
// items: x,y        answer that point (whatever is there)
//        auto       the empty point nearest the centre
//        late=MS    sleep MS, then answer like auto
//        crash      abort() without answering
//        exit       exit(0) without answering
//        hang       never answer, never read again
//        close      close stdout and keep running
//        garbage    answer a sentence
//        raw=TEXT   answer TEXT as it is
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Game {
  int width = 15, height = 15;
  std::vector<char> stones = std::vector<char>(15 * 15, 0);

  void Reset(int w, int h) {
    width = w;
    height = h;
    stones.assign(static_cast<size_t>(w * h), 0);
  }
  void Put(int x, int y) {
    if (x >= 0 && y >= 0 && x < width && y < height) stones[static_cast<size_t>(y * width + x)] = 1;
  }
  std::string Auto() const {
    int best = -1, best_d = 1 << 30;
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        int dx = x - width / 2, dy = y - height / 2, d = dx * dx + dy * dy;
        if (!stones[static_cast<size_t>(y * width + x)] && d < best_d)
          best = y * width + x, best_d = d;
      }
    if (best < 0) return "0,0";
    return std::to_string(best % width) + "," + std::to_string(best / width);
  }
};

bool ParsePoint(const std::string& text, int& x, int& y) {
  return std::sscanf(text.c_str(), "%d,%d", &x, &y) == 2;
}

void Say(const std::string& line) { std::cout << line << "\n" << std::flush; }

}  // namespace

int main(int argc, char** argv) {
  bool refuse_start = false, chatter = false, opening = false;
  long memory_mb = 0;
  std::string log_path;
  std::vector<std::string> script;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--refuse-start")
      refuse_start = true;
    else if (a == "--chatter")
      chatter = true;
    else if (a == "--opening")
      opening = true;
    else if (a == "--memory" && i + 1 < argc)
      memory_mb = std::atol(argv[++i]);
    else if (a == "--log" && i + 1 < argc)
      log_path = argv[++i];
    else
      script.push_back(a);
  }
  std::ofstream log;
  if (!log_path.empty()) log.open(log_path, std::ios::app);
  std::vector<char> ballast;

  Game game;
  size_t next = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (log.is_open()) log << line << "\n" << std::flush;
    std::istringstream in(line);
    std::string command;
    in >> command;
    bool move_request = false;
    if (command == "START" || command == "RECTSTART") {
      std::string size;
      in >> size;
      int w = 0, h = 0;
      if (command == "START")
        w = h = std::atoi(size.c_str());
      else
        ParsePoint(size, w, h);
      if (refuse_start) {
        Say("ERROR unsupported size");
        continue;
      }
      if (memory_mb > 0) {
        ballast.assign(static_cast<size_t>(memory_mb) << 20, 1);
        for (size_t k = 0; k < ballast.size(); k += 4096) ballast[k] = static_cast<char>(k);
      }
      game.Reset(w, h);
      next = 0;
      Say("OK");
    } else if (command == "BEGIN") {
      move_request = true;
    } else if (command == "TURN") {
      std::string point;
      in >> point;
      int x, y;
      if (ParsePoint(point, x, y)) game.Put(x, y);
      move_request = true;
    } else if (command == "BOARD" ||
               (opening && (command.rfind("OPEN", 0) == 0 || command == "SWAP2BOARD"))) {
      game.Reset(game.width, game.height);
      while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (log.is_open()) log << line << "\n" << std::flush;
        if (line == "DONE") break;
        int x, y;
        if (ParsePoint(line, x, y)) game.Put(x, y);
      }
      move_request = true;
    } else if (command == "END") {
      return 0;
    } else if (command == "ABOUT") {
      Say("name=\"fake\", version=\"1\"");
    } else if (command == "INFO" || command.empty()) {
    } else {
      Say("UNKNOWN " + command);
    }
    if (!move_request) continue;

    std::string item = next < script.size() ? script[next++] : "auto";
    if (chatter) Say("MESSAGE thinking about " + item);
    if (chatter) Say("DEBUG depth 1");
    if (item.rfind("late=", 0) == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::atol(item.c_str() + 5)));
      item = "auto";
    }
    if (item == "crash") std::abort();
    if (item == "exit") return 0;
    if (item == "hang") std::this_thread::sleep_for(std::chrono::hours(1));
    if (item == "close") {
      std::fclose(stdout);
      close(1);
      std::this_thread::sleep_for(std::chrono::hours(1));
    }
    if (item == "garbage") {
      Say("I would like to play in the middle");
      continue;
    }
    if (item.rfind("raw=", 0) == 0) {
      Say(item.substr(4));
      continue;
    }
    if (item == "auto") item = game.Auto();
    int x, y;
    if (ParsePoint(item, x, y)) game.Put(x, y);
    Say(item);
  }
  return 0;
}

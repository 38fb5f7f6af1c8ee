// embers: runs the tiny game from the command line, a line of text a tick.
//   embers [TICKS] [X:HEAT...]   (defaults: 12 ticks, one ember at 0 with heat 9)
// Prints each tick's line of cells ('.' empty, a digit the ember's heat, '+' for ten or more),
// the number of embers and the state digest, then the trace's newest entries.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "embers.h"

namespace {

void PrintLine(const embers::World& world) {
  std::string cells(embers::World::kWidth, '.');
  for (std::size_t i = 0; i < world.Spots().Size(); ++i) {
    const embers::Heat* heat = world.Heats().Find(world.Spots().Owners()[i]);
    const int value = heat != nullptr ? heat->value : 0;
    cells[static_cast<std::size_t>(world.Spots().Values()[i].x)] =
        value >= 10 ? '+' : static_cast<char>('0' + value);
  }
  std::printf("tick %3lld %s embers %2u digest %016llx\n",
              static_cast<long long>(world.TickCount()), cells.c_str(), world.Spots().Size(),
              static_cast<unsigned long long>(world.Digest()));
}

}  // namespace

int main(int argc, char** argv) {
  embers::World world;
  if (world.Initialize(embers::World::kWidth, 64, 256) != cairn::Status::Ok) return 1;
  const long ticks = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 12;
  if (ticks < 0 || ticks > 1000) {
    std::fprintf(stderr, "embers: TICKS must be 0 to 1000\n");
    return 2;
  }
  for (int i = 2; i < argc || i == 2; ++i) {
    int x = 0, heat = 9;
    if (i < argc && std::sscanf(argv[i], "%d:%d", &x, &heat) != 2) {
      std::fprintf(stderr, "embers: '%s' is not X:HEAT\n", argv[i]);
      return 2;
    }
    embers::EntityId id;
    if (world.Light(x, heat, id) != cairn::Status::Ok) {
      std::fprintf(stderr, "embers: cannot light an ember at %d with heat %d\n", x, heat);
      return 2;
    }
    if (i >= argc) break;
  }
  PrintLine(world);
  for (long t = 0; t < ticks; ++t) {
    if (world.Tick() != cairn::Status::Ok) return 1;
    PrintLine(world);
  }
  std::printf("trace: %llu entries, the newest:\n",
              static_cast<unsigned long long>(world.Trace().Recorded()));
  for (std::uint64_t n = 5; n-- > 0;) {
    embers::TraceEntry e;
    if (!world.Trace().Recent(n, e)) continue;
    std::printf("  #%llu tick %lld %s %s x=%d heat=%d\n",
                static_cast<unsigned long long>(e.sequence), static_cast<long long>(e.tick),
                embers::PhaseName(e.phase), embers::EventName(e.event), e.x, e.heat);
  }
  return 0;
}

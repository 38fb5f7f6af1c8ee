# cairn's front door. Every target installs what is missing, configures and builds through CMake.
#   make        build build/cairn            make play   build and play the default dungeon
#   make check  every test suite, twice      make bench  benchmarks beside their baselines
#   make fuzz   libFuzzer targets, bounded   make clean  remove the build folders
#   make lint   clang-tidy alone (make check runs it too)
#   make install [PREFIX=/usr/local]  cairn, cairn(6) and its data    make uninstall  remove them
.PHONY: all build play install uninstall check check-release check-lint check-sanitize lint bench fuzz deps deps-check \
        deps-bench clean

BUILD       ?= build
SAN_BUILD   ?= build-asan
BENCH_BUILD ?= build-bench
FUZZ_BUILD  ?= build-fuzz
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_SECONDS ?= 60
GENERATOR   := $(shell command -v ninja >/dev/null 2>&1 && echo Ninja || echo "Unix Makefiles")

DEPS       := cmake g++ make ninja-build libncurses-dev libtomlplusplus-dev libspdlog-dev catch2 \
              libbenchmark-dev tmux clang libclang-rt-14-dev clang-format clang-tidy python3
CHECK_DEPS := libtcod-dev  # the benchmarks' baseline: make check builds them for its smoke run
BENCH_DEPS := $(CHECK_DEPS) valgrind

all: build

deps:
	@tools/install-deps.sh $(DEPS)

deps-check:
	@tools/install-deps.sh $(DEPS) $(CHECK_DEPS)

deps-bench:
	@tools/install-deps.sh $(DEPS) $(BENCH_DEPS)

$(BUILD)/CMakeCache.txt:
	@tools/install-deps.sh $(DEPS)
	cmake -S . -B $(BUILD) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=Release

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) --target cairn -j $(JOBS)

play: build
	./$(BUILD)/cairn

# The program on the PATH (PREFIX/bin), its manual page cairn(6) and its data (PREFIX/share/cairn);
# CMake's install manifest lists each file, and uninstall removes exactly those.
PREFIX ?= /usr/local
install: build
	cmake --build $(BUILD) --target cairn_manpage -j $(JOBS)
	cmake --install $(BUILD) --prefix "$(PREFIX)"

uninstall:
	@test -f $(BUILD)/install_manifest.txt || \
	  { echo "make uninstall: $(BUILD)/install_manifest.txt is missing: nothing was installed from $(BUILD)" >&2; exit 1; }
	xargs -d '\n' rm -f -- < $(BUILD)/install_manifest.txt
	@sed -n 's|/share/cairn/.*|/share/cairn|p' $(BUILD)/install_manifest.txt | sort -u | \
	  while read -r dir; do find "$$dir" -depth -type d -empty -delete 2>/dev/null || true; done
	@echo "make uninstall: removed every file in $(BUILD)/install_manifest.txt"

check: deps-check check-release check-lint check-sanitize
	@echo "make check: every suite passed (Release with g++, clang-tidy, ASan+UBSan with clang)"

# The Release build's configuration; its compile database (compile_commands.json) feeds lint.
# It builds the benchmarks too, and `bench_smoke` runs each once, so none can rot unseen.
RELEASE_CONFIG := -DCMAKE_BUILD_TYPE=Release -DCAIRN_WERROR=ON -DCAIRN_TESTS=ON -DCAIRN_BENCH=ON \
                  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON

check-release:
	cmake -S . -B $(BUILD) -G "$(GENERATOR)" $(RELEASE_CONFIG)
	cmake --build $(BUILD) -j $(JOBS)
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# clang-tidy with .clang-tidy's checks over every source of core/ and term/ (the headers through
# them), every finding an error: make check after its Release build, `make lint` alone.
lint: deps-check check-lint

check-lint:
	cmake -S . -B $(BUILD) -G "$(GENERATOR)" $(RELEASE_CONFIG)
	tools/run-tidy.sh $(BUILD) $(JOBS) core term

check-sanitize:
	CXX=clang++ cmake -S . -B $(SAN_BUILD) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCAIRN_SANITIZE=ON -DCAIRN_WERROR=ON -DCAIRN_TESTS=ON
	cmake --build $(SAN_BUILD) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --test-dir $(SAN_BUILD) --output-on-failure -j $(JOBS)

bench: deps-bench
	cmake -S . -B $(BENCH_BUILD) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=Release -DCAIRN_TESTS=OFF \
	  -DCAIRN_BENCH=ON
	cmake --build $(BENCH_BUILD) -j $(JOBS)
	tools/run-benchmarks.sh $(BENCH_BUILD)

fuzz: deps
	CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCAIRN_FUZZ=ON -DCAIRN_TESTS=OFF
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	tools/run-fuzzers.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(BENCH_BUILD) $(FUZZ_BUILD)

#include "identity/uuid.h"

#include <array>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <type_traits>

namespace uuid_test {

using namespace cairn;

static_assert(!std::is_convertible_v<AssetId, SourceObjectId>);
static_assert(!std::is_convertible_v<SourceObjectId, InstanceId>);
static_assert(!std::is_convertible_v<InstanceId, AssetId>);
static_assert(!std::is_constructible_v<SourceObjectId, InstanceId>);
static_assert(!std::is_convertible_v<Uuid, AssetId>);
static_assert(std::is_trivially_copyable_v<Uuid>);
static_assert(sizeof(Uuid) == 16);

namespace {

std::string Format(const Uuid& u) {
  std::array<char, 37> buffer{};
  REQUIRE(FormatUuid(u, buffer) == Status::Ok);
  return std::string(buffer.data());
}

class FixedBytes final : public EntropySource {
 public:
  explicit FixedBytes(std::uint8_t fill) : fill_(fill) {}
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    for (auto& b : bytes) b = fill_++;
    return Status::Ok;
  }

 private:
  std::uint8_t fill_;
};

class NoEntropy final : public EntropySource {
 public:
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    if (!bytes.empty()) bytes[0] = 0xEE;  // a partial write that must not leak into the result
    return Status::EntropyUnavailable;
  }
};

}  // namespace

TEST_CASE("a version-4 UUID parses case-insensitively and formats in lower case", "[uuid]") {
  Uuid u;
  REQUIRE(ParseUuid("F47AC10B-58CC-4372-A567-0E02B2C3D479", u) == Status::Ok);
  CHECK(u.Bytes[0] == 0xF4);
  CHECK(u.Bytes[15] == 0x79);
  CHECK(Format(u) == "f47ac10b-58cc-4372-a567-0e02b2c3d479");
  Uuid lower;
  REQUIRE(ParseUuid("f47ac10b-58cc-4372-a567-0e02b2c3d479", lower) == Status::Ok);
  CHECK(lower == u);
}

TEST_CASE("malformed UUID text is refused and the output is unchanged", "[uuid]") {
  Uuid before;
  REQUIRE(ParseUuid("f47ac10b-58cc-4372-a567-0e02b2c3d479", before) == Status::Ok);
  const char* bad[] = {
      "",
      "{f47ac10b-58cc-4372-a567-0e02b2c3d479}",  // braces
      " f47ac10b-58cc-4372-a567-0e02b2c3d479",   // whitespace
      "f47ac10b-58cc-4372-a567-0e02b2c3d479 ",
      "f47ac10b_58cc_4372_a567_0e02b2c3d479",   // wrong separators
      "f47ac10b58cc4372a5670e02b2c3d479",       // no separators
      "f47ac10b-58cc-4372-a567-0e02b2c3d47",    // too short
      "f47ac10b-58cc-4372-a567-0e02b2c3d4790",  // too long
      "f47ac10b-58c-c4372-a567-0e02b2c3d479",   // dash moved
      "g47ac10b-58cc-4372-a567-0e02b2c3d479",   // not hex
      "f47ac10b-58cc-1372-a567-0e02b2c3d479",   // version 1
      "f47ac10b-58cc-7372-a567-0e02b2c3d479",   // version 7
      "f47ac10b-58cc-4372-c567-0e02b2c3d479",   // Microsoft variant
      "f47ac10b-58cc-4372-0567-0e02b2c3d479",   // NCS variant
      "00000000-0000-0000-0000-000000000000",   // nil is not an identity
  };
  for (const char* text : bad) {
    Uuid out = before;
    INFO(text);
    CHECK(ParseUuid(text, out) == Status::InvalidArgument);
    CHECK(out == before);
  }
}

TEST_CASE("only the optional form accepts nil, as 'no reference'", "[uuid]") {
  Uuid out;
  REQUIRE(ParseOptionalUuid("f47ac10b-58cc-4372-a567-0e02b2c3d479", out) == Status::Ok);
  REQUIRE(ParseOptionalUuid("00000000-0000-0000-0000-000000000000", out) == Status::Ok);
  CHECK(out.IsNil());
  CHECK(ParseOptionalUuid("f47ac10b-58cc-1372-a567-0e02b2c3d479", out) == Status::InvalidArgument);
  CHECK(out.IsNil());
}

TEST_CASE("formatting reports too little space and writes a terminator when there is room",
          "[uuid]") {
  Uuid u;
  REQUIRE(ParseUuid("f47ac10b-58cc-4372-a567-0e02b2c3d479", u) == Status::Ok);
  std::array<char, 35> small{};
  small.fill('x');
  CHECK(FormatUuid(u, small) == Status::BufferTooSmall);
  CHECK(small[0] == 'x');
  std::array<char, 36> exact{};
  CHECK(FormatUuid(u, exact) == Status::Ok);
  CHECK(std::string(exact.data(), 36) == "f47ac10b-58cc-4372-a567-0e02b2c3d479");
  std::array<char, 40> roomy{};
  roomy.fill('x');
  CHECK(FormatUuid(u, roomy) == Status::Ok);
  CHECK(roomy[36] == '\0');
}

TEST_CASE("MakeUuidV4 sets the version and variant bits and nothing else", "[uuid]") {
  std::array<std::uint8_t, 16> ones{};
  ones.fill(0xFF);
  Uuid u;
  REQUIRE(MakeUuidV4(ones, u) == Status::Ok);
  CHECK(Format(u) == "ffffffff-ffff-4fff-bfff-ffffffffffff");
  std::array<std::uint8_t, 16> zeros{};
  REQUIRE(MakeUuidV4(zeros, u) == Status::Ok);
  CHECK(Format(u) == "00000000-0000-4000-8000-000000000000");
  Uuid reparsed;
  CHECK(ParseUuid(Format(u), reparsed) == Status::Ok);
}

TEST_CASE("generation draws from the injected source", "[uuid]") {
  FixedBytes source(0x10);
  Uuid u;
  REQUIRE(GenerateUuidV4(source, u) == Status::Ok);
  CHECK(Format(u) == "10111213-1415-4617-9819-1a1b1c1d1e1f");
}

TEST_CASE("no entropy means EntropyUnavailable and an unchanged output, with no fallback",
          "[uuid]") {
  NoEntropy source;
  Uuid u;
  u.Bytes.fill(0x42);
  const Uuid before = u;
  CHECK(GenerateUuidV4(source, u) == Status::EntropyUnavailable);
  CHECK(u == before);
}

TEST_CASE("the system entropy source mints distinct valid version-4 UUIDs", "[uuid]") {
  SystemEntropySource system;
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    Uuid u;
    REQUIRE(GenerateUuidV4(system, u) == Status::Ok);
    Uuid reparsed;
    REQUIRE(ParseUuid(Format(u), reparsed) == Status::Ok);
    CHECK(reparsed == u);
    CHECK(seen.insert(Format(u)).second);
  }
  std::array<std::uint8_t, 600> many{};  // more than getentropy serves in one call
  CHECK(system.Fill(many) == Status::Ok);
}

TEST_CASE("persistent object keys order by instance, then source", "[uuid]") {
  Uuid a, b;
  REQUIRE(ParseUuid("00000000-0000-4000-8000-000000000001", a) == Status::Ok);
  REQUIRE(ParseUuid("00000000-0000-4000-8000-000000000002", b) == Status::Ok);
  const PersistentObjectKey k1{InstanceId{a}, SourceObjectId{b}};
  const PersistentObjectKey k2{InstanceId{b}, SourceObjectId{a}};
  CHECK(k1 < k2);
  CHECK(k1 == PersistentObjectKey{InstanceId{a}, SourceObjectId{b}});
}

namespace {
// Repeats one 16-byte pattern `repeats` times, then gives fresh bytes; counts the draws.
class CollidingEntropy final : public EntropySource {
 public:
  explicit CollidingEntropy(int repeats) : repeats_(repeats) {}
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    ++draws_;
    const std::uint8_t value = draws_ <= repeats_ ? 0x11 : static_cast<std::uint8_t>(0x40 + draws_);
    for (std::uint8_t& b : bytes) b = value;
    return Status::Ok;
  }
  int repeats_;
  int draws_ = 0;
};
}  // namespace

TEST_CASE("minting retries a collision at most four times", "[uuid][mint]") {
  std::set<Uuid> known;
  CollidingEntropy first(0);
  Uuid taken;
  REQUIRE(MintUniqueUuid(first, known, taken) == Status::Ok);  // 0x40+1 pattern
  // Now every candidate collides with something known: the first draw and four retries.
  std::set<Uuid> with_pattern;
  CollidingEntropy pattern(1);
  Uuid p;
  REQUIRE(MintUniqueUuid(pattern, with_pattern, p) == Status::Ok);  // the 0x11 pattern
  CollidingEntropy stuck(100);
  Uuid out;
  CHECK(MintUniqueUuid(stuck, with_pattern, out) == Status::IdentityConflict);
  CHECK(stuck.draws_ == 1 + kMintRetries);
  CHECK(out.IsNil());
  CHECK(with_pattern.size() == 1);
  // Four collisions, then a fresh candidate: the fifth draw succeeds.
  CollidingEntropy four(4);
  REQUIRE(MintUniqueUuid(four, with_pattern, out) == Status::Ok);
  CHECK(four.draws_ == 5);
  CHECK(with_pattern.count(out) == 1);
  CHECK(UuidText(out).size() == 36);
  NoEntropy none;
  Uuid untouched;
  CHECK(MintUniqueUuid(none, with_pattern, untouched) == Status::EntropyUnavailable);
  CHECK(untouched.IsNil());
}

}  // namespace uuid_test

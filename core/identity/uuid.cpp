#include "identity/uuid.h"

#include <unistd.h>

#include <cerrno>

namespace cairn {
namespace {

constexpr std::size_t kDashPositions[] = {8, 13, 18, 23};

bool IsDashPosition(std::size_t i) noexcept {
  for (std::size_t p : kDashPositions)
    if (p == i) return true;
  return false;
}

int HexValue(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool IsVersion4RfcVariant(const Uuid& u) noexcept {
  return (u.Bytes[6] >> 4) == 4 && (u.Bytes[8] & 0xC0) == 0x80;
}

// Reads the 8-4-4-4-12 shape into `out`; says nothing yet about version or variant.
bool ParseShape(std::string_view text, Uuid& out) noexcept {
  if (text.size() != kUuidTextLength) return false;
  Uuid parsed;
  std::size_t byte = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (IsDashPosition(i)) {
      if (text[i] != '-') return false;
      ++i;
      continue;
    }
    const int hi = HexValue(text[i]);
    const int lo = i + 1 < text.size() && !IsDashPosition(i + 1) ? HexValue(text[i + 1]) : -1;
    if (hi < 0 || lo < 0) return false;
    parsed.Bytes[byte++] = static_cast<std::uint8_t>(hi << 4 | lo);
    i += 2;
  }
  out = parsed;
  return true;
}

}  // namespace

Status ParseUuid(std::string_view text, Uuid& out) noexcept {
  Uuid parsed;
  if (!ParseShape(text, parsed) || !IsVersion4RfcVariant(parsed)) return Status::InvalidArgument;
  out = parsed;
  return Status::Ok;
}

Status ParseOptionalUuid(std::string_view text, Uuid& out) noexcept {
  Uuid parsed;
  if (!ParseShape(text, parsed)) return Status::InvalidArgument;
  if (!parsed.IsNil() && !IsVersion4RfcVariant(parsed)) return Status::InvalidArgument;
  out = parsed;
  return Status::Ok;
}

Status FormatUuid(const Uuid& uuid, std::span<char> buffer) noexcept {
  if (buffer.size() < kUuidTextLength) return Status::BufferTooSmall;
  static constexpr char kHex[] = "0123456789abcdef";
  std::size_t at = 0;
  for (std::size_t i = 0; i < uuid.Bytes.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) buffer[at++] = '-';
    buffer[at++] = kHex[uuid.Bytes[i] >> 4];
    buffer[at++] = kHex[uuid.Bytes[i] & 0x0F];
  }
  if (buffer.size() > kUuidTextLength) buffer[kUuidTextLength] = '\0';
  return Status::Ok;
}

Status MakeUuidV4(std::span<const std::uint8_t, 16> bytes, Uuid& out) noexcept {
  Uuid made;
  for (std::size_t i = 0; i < 16; ++i) made.Bytes[i] = bytes[i];
  made.Bytes[6] = static_cast<std::uint8_t>((made.Bytes[6] & 0x0F) | 0x40);
  made.Bytes[8] = static_cast<std::uint8_t>((made.Bytes[8] & 0x3F) | 0x80);
  out = made;
  return Status::Ok;
}

Status SystemEntropySource::Fill(std::span<std::uint8_t> bytes) noexcept {
  // getentropy serves at most 256 bytes per call.
  for (std::size_t done = 0; done < bytes.size();) {
    const std::size_t chunk = bytes.size() - done < 256 ? bytes.size() - done : 256;
    if (getentropy(bytes.data() + done, chunk) != 0) return Status::EntropyUnavailable;
    done += chunk;
  }
  return Status::Ok;
}

Status GenerateUuidV4(EntropySource& source, Uuid& out) noexcept {
  std::array<std::uint8_t, 16> bytes{};
  if (source.Fill(bytes) != Status::Ok) return Status::EntropyUnavailable;
  return MakeUuidV4(bytes, out);
}

Status MintUniqueUuid(EntropySource& source, std::set<Uuid>& known, Uuid& out) {
  for (int attempt = 0; attempt <= kMintRetries; ++attempt) {
    Uuid candidate;
    if (Status s = GenerateUuidV4(source, candidate); s != Status::Ok) return s;
    if (known.insert(candidate).second) {
      out = candidate;
      return Status::Ok;
    }
  }
  return Status::IdentityConflict;
}

std::string UuidText(const Uuid& uuid) {
  char buffer[kUuidTextLength + 1];
  (void)FormatUuid(uuid, buffer);
  return std::string(buffer, kUuidTextLength);
}

}  // namespace cairn

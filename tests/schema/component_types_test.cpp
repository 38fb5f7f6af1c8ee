#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <string>

#include "schema/component_types.h"

using namespace cairn;

TEST_CASE("the type registry is indexed by id and names are canonical and unique", "[schema]") {
  std::set<std::string_view> names;
  std::size_t index = 0;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    INFO(type.name);
    CHECK(static_cast<std::size_t>(type.id) == index++);
    CHECK(&TypeInfoOf(type.id) == &type);
    CHECK(FindComponentType(type.name) == &type);
    CHECK(names.insert(type.name).second);
    for (char c : type.name) CHECK(((c >= 'a' && c <= 'z') || c == '_'));
    CHECK(type.fields.size() <= kMaxFieldsPerComponent);
    CHECK(type.version >= 1);
    if (type.multiplicity == Multiplicity::One) CHECK(type.max_slots == 1);
  }
  CHECK(FindComponentType("Position") == nullptr);
  CHECK(FindComponentType("") == nullptr);
}

TEST_CASE("every field's get and set reach their own member and no other", "[schema]") {
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    for (std::size_t i = 0; i < type.fields.size(); ++i) {
      const FieldInfo& field = type.fields[i];
      INFO(type.name << "." << field.name);
      CHECK(field.min <= field.default_value);
      CHECK(field.default_value <= field.max);
      alignas(16) std::array<unsigned char, 256> storage{};
      // Write a distinct value into every field, then read each back.
      for (std::size_t j = 0; j < type.fields.size(); ++j)
        type.fields[j].set(storage.data(), FieldValue{type.fields[j].min + static_cast<std::int64_t>(j) + 1});
      CHECK(field.get(storage.data()).integer == field.min + static_cast<std::int64_t>(i) + 1);
      type.fields[i].set(storage.data(), FieldValue{field.max});
      CHECK(field.get(storage.data()).integer == field.max);
      for (std::size_t j = 0; j < type.fields.size(); ++j)
        if (j != i) CHECK(type.fields[j].get(storage.data()).integer == type.fields[j].min + static_cast<std::int64_t>(j) + 1);
    }
  }
}

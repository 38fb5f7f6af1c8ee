#include "schema/handle_references.h"

#include "identity/handle_text.h"

namespace cairn {

bool HandleReferences::Parse(std::string_view text, EntityId& out, std::string& error) const {
  if (text.empty()) {
    out = EntityId{};
    return true;
  }
  EntityId id;
  if (ParseHandleText(text, world_.WorldId(), id) != Status::Ok) {
    error = "'" + std::string(text) + "' is not a handle (SLOT:GENERATION, or \"\" for none)";
    return false;
  }
  if (!world_.Registry().IsAlive(id)) {
    error = std::string(text) + " is not a live entity (" +
            HandleDiagnosisName(world_.Registry().DiagnoseHandle(id)) + ")";
    return false;
  }
  out = id;
  return true;
}

std::string HandleReferences::Format(EntityId id) const {
  if (id.IsNull()) return "";
  return id.Owner == world_.WorldId() ? FormatShortHandle(id) : FormatQualifiedHandle(id);
}

}  // namespace cairn

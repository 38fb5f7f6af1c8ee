# cairn_module(NAME SOURCES... DEPENDS mods...): one static library per core module.
# Every module sees the include root "core/", so headers are included as "world/entity_registry.h".
function(cairn_module name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;PRIVATE_DEPENDS" ${ARGN})
  add_library(cairn_${name} STATIC ${ARG_SOURCES})
  target_include_directories(cairn_${name} PUBLIC ${PROJECT_SOURCE_DIR}/core)
  target_link_libraries(cairn_${name} PUBLIC cairn_flags ${ARG_DEPENDS} PRIVATE ${ARG_PRIVATE_DEPENDS})
endfunction()

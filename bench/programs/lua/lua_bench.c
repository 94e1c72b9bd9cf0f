/* lua_bench.c: the Lua interpreter (Lua 5.5 of the real-world corpus,
 * built from its sources) running bench.lua, a CPU-bound script: tables,
 * closures, strings and the garbage collector. The script prints the
 * checksum; lua_close frees everything.
 * memlens:bench
 * memlens:realworld lua *.c !lua.c
 * memlens:cflags -std=c99 -DLUA_USE_LINUX
 * memlens:libs -lm -ldl
 * memlens:args bench.lua
 */
#include <stdio.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

int main(int argc, char **argv)
{
	lua_State *L;
	int status;
	if (argc < 2) {
		fprintf(stderr, "usage: %s SCRIPT [ARG...]\n", argv[0]);
		return 2;
	}
	L = luaL_newstate();
	if (!L) {
		fprintf(stderr, "lua_bench: cannot create a Lua state\n");
		return 1;
	}
	luaL_openlibs(L);
	status = luaL_loadfile(L, argv[1]);
	if (status == LUA_OK) {
		int i;
		for (i = 2; i < argc; i++)
			lua_pushstring(L, argv[i]);
		status = lua_pcall(L, argc - 2, 0, 0);
	}
	if (status != LUA_OK)
		fprintf(stderr, "lua_bench: %s\n", lua_tostring(L, -1));
	lua_close(L);
	return status == LUA_OK ? 0 : 1;
}

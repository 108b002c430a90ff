#!/bin/sh
# Build libexattn for WebAssembly, with GMP, MPFR and yajl, by Debian's
# emscripten: wasm/build.sh [BUILD_DIR [--sources]]  (default wasm/build).
#
# The sources of GMP, MPFR and yajl are Debian's source packages
# (`apt-get source gmp mpfr4 yajl`, which needs a deb-src line: .ci/setup
# --wasm adds one); nothing else is downloaded and nothing prebuilt is
# kept in the repository.  GMP and MPFR are configured for a generic CPU
# (--host=none --disable-assembly), every library static.  The result,
# BUILD_DIR/dist: exattn-core.mjs and exattn-core.wasm (emscripten's
# loader and module), beside which wasm/exattn.mjs (the API) is copied.
# Each step is skipped when its result is there: delete BUILD_DIR to
# start again.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/wasm/build}
mkdir -p "$build"
build=$(cd "$build" && pwd)
prefix=$build/prefix
src=$build/src
jobs=${JOBS:-2}
# Debian's emscripten finds acorn in Debian's node modules even when a
# newer Node is first on PATH
NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export NODE_PATH
command -v emcc > /dev/null || {
    echo "wasm/build.sh: emcc not found (apt-get install emscripten)" >&2
    exit 2
}
CFLAGS_WASM="-O2"

fetch_sources() {
    [ -d "$src" ] && ls -d "$src"/gmp-*/ "$src"/mpfr4-*/ "$src"/yajl-*/ \
        > /dev/null 2>&1 && return 0
    mkdir -p "$src"
    (cd "$src" && apt-get source -q gmp mpfr4 yajl > "$build/apt-source.log" 2>&1) || {
        tail -n 5 "$build/apt-source.log" >&2
        echo "wasm/build.sh: apt-get source failed (a deb-src line and" \
             "dpkg-dev are needed: .ci/setup --wasm installs them)" >&2
        exit 2
    }
}

build_gmp() {
    [ -f "$prefix/lib/libgmp.a" ] && return 0
    rm -rf "$build/gmp" && cp -r "$src"/gmp-*/ "$build/gmp"
    # Debian's tarball has no doc/ (its GFDL manual is not in main), but
    # configure still writes doc/Makefile
    mkdir -p "$build/gmp/doc"
    [ -f "$build/gmp/doc/Makefile.in" ] \
        || printf 'all:\ninstall:\n' > "$build/gmp/doc/Makefile.in"
    (cd "$build/gmp" \
        && emconfigure ./configure \
               --host=none --disable-assembly --enable-static \
               --disable-shared --disable-cxx --prefix="$prefix" \
               CFLAGS="$CFLAGS_WASM" > configure.log 2>&1 \
        && emmake make -j"$jobs" > make.log 2>&1 \
        && emmake make install > install.log 2>&1) || {
        echo "wasm/build.sh: GMP failed: see $build/gmp/*.log" >&2
        exit 1
    }
}

build_mpfr() {
    [ -f "$prefix/lib/libmpfr.a" ] && return 0
    rm -rf "$build/mpfr" && cp -r "$src"/mpfr4-*/ "$build/mpfr"
    (cd "$build/mpfr" \
        && emconfigure ./configure \
               --host=none --enable-static --disable-shared \
               --disable-thread-safe --with-gmp="$prefix" \
               --prefix="$prefix" CFLAGS="$CFLAGS_WASM" > configure.log 2>&1 \
        && emmake make -C src -j"$jobs" > make.log 2>&1 \
        && emmake make -C src install > install.log 2>&1) || {
        echo "wasm/build.sh: MPFR failed: see $build/mpfr/*.log" >&2
        exit 1
    }
}

# yajl builds with CMake upstream; its eight sources need no
# configuration but the version header, written here from its template.
build_yajl() {
    [ -f "$prefix/lib/libyajl.a" ] && return 0
    y=$(ls -d "$src"/yajl-*/ | head -n 1)
    rm -rf "$build/yajl" && mkdir -p "$build/yajl" "$prefix/include/yajl" \
        "$prefix/lib"
    cp "$y"/src/api/*.h "$prefix/include/yajl/"
    # the version from the directory's name (yajl-2.1.0)
    set -- $(basename "$y" | sed 's/^yajl-//; s/\./ /g')
    sed -e "s/\${YAJL_MAJOR}/$1/; s/\${YAJL_MINOR}/$2/; s/\${YAJL_MICRO}/$3/" \
        "$y/src/api/yajl_version.h.cmake" > "$prefix/include/yajl/yajl_version.h"
    for c in "$y"/src/yajl*.c; do
        emcc $CFLAGS_WASM -I"$prefix/include" -c "$c" \
            -o "$build/yajl/$(basename "$c" .c).o"
    done
    emar rcs "$prefix/lib/libyajl.a" "$build/yajl"/*.o
}

# The library's sources are Makefile.am's (libexattn-core.la), compiled
# here rather than by the project's configure, which a configured source
# tree would refuse to run again out of tree.  An object newer than its
# source and than every header of the library is kept.
core_sources() {
    sed -n '/^libexattn_core_la_SOURCES/,/^$/p' "$top/Makefile.am" \
        | tr ' \\\t' '\n\n\n' | grep '^src/.*\.c$'
}

version_header() {
    mkdir -p "$obj/include/exattn"
    v() { sed -n "s/^m4_define(\[exattn_$1\], \[\([0-9]*\)\]).*/\1/p" \
              "$top/configure.ac"; }
    major=$(v major); minor=$(v minor); patch=$(v patch)
    sed -e "s/@EXATTN_MAJOR@/$major/; s/@EXATTN_MINOR@/$minor/" \
        -e "s/@EXATTN_PATCH@/$patch/" \
        -e "s/@PACKAGE_VERSION@/$major.$minor.$patch/" \
        "$top/include/exattn/version.h.in" > "$obj/include/exattn/version.h"
    : > "$obj/include/config.h"
}

build_core() {
    obj=$build/obj
    version_header
    core_sources | while read -r c; do
        o=$obj/${c%.c}.o
        # up to date: newer than its source and than every header
        [ -f "$o" ] && [ "$o" -nt "$top/$c" ] \
            && [ -z "$(find "$top/src" "$top/include" -name '*.h' \
                            -newer "$o" | head -n 1)" ] && continue
        mkdir -p "$(dirname "$o")"
        echo "$c"
    done > "$build/to-compile"
    # two at a time: the project's machines have two cores
    (cd "$top" && xargs -P "$jobs" -I{} sh -c \
        'emcc '"$CFLAGS_WASM"' -Wall -Wextra -std=c11 -D_POSIX_C_SOURCE=200809L \
             -I"$0/include" -I"$1/include" -I"$1/src" -I"$2/include" \
             -c "$1/{}" -o "$0/$(echo {} | sed "s/\\.c\$/.o/")"' \
        "$obj" "$top" "$prefix" < "$build/to-compile") || {
        echo "wasm/build.sh: compiling the library failed" >&2
        exit 1
    }
    rm -f "$obj/libexattn-core.a"
    core_sources | sed "s|^\(.*\)\.c\$|$obj/\1.o|" \
        | xargs emar rcs "$obj/libexattn-core.a"
}

# The module: the C side of the API (wasm/api.c) and the libraries, as an
# ES module factory (exattn-core.mjs) and its .wasm; wasm/exattn.mjs is
# the API a page imports.  Built for the web only: emscripten 3.1.6's
# Node code is CommonJS (__dirname) inside an ES module; under Node,
# exattn.mjs reads the .wasm itself and hands it over.
link_module() {
    dist=$build/dist
    mkdir -p "$dist"
    emcc $CFLAGS_WASM -Wall -Wextra -std=c11 -D_POSIX_C_SOURCE=200809L \
        -I"$top/include" -I"$obj/include" -I"$prefix/include" \
        "$top/wasm/api.c" "$obj/libexattn-core.a" "$prefix/lib/libmpfr.a" \
        "$prefix/lib/libgmp.a" "$prefix/lib/libyajl.a" \
        -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createExattnCore \
        -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web \
        -sEXPORTED_FUNCTIONS=_malloc,_free \
        -sFORCE_FILESYSTEM=1 \
        -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8,FS \
        -o "$dist/exattn-core.mjs"
    cp "$top/wasm/exattn.mjs" "$dist/exattn.mjs"
}

fetch_sources
# --sources: only bring the sources (.ci/run does it in the foreground,
# before its other apt stages, and builds in the background)
[ "${2:-}" = --sources ] && exit 0
build_gmp
build_mpfr
build_yajl
build_core
link_module
echo "wasm/build.sh: $build/dist/exattn.mjs"

#!/usr/bin/env bash
# licensecheck.sh: fail when a module in the build graph has no licence file or
# a licence of the GNU GPL family (GPL, LGPL, AGPL), which qipu's Apache-2.0
# licence cannot carry.
#
# Usage: scripts/licensecheck.sh [module-dir]   (default: the repository root)
#
# For every module that `go list -m all` names (the main module excluded), the
# module is downloaded into the module cache (`go mod download`, the only
# network use), its root is searched for a licence file (LICENSE*, LICENCE*,
# COPYING*, UNLICENSE, any case) and the licence text is read: the GNU
# licences are recognised by their titles. The main module itself must have a
# licence file that is not of that family. Prints one line per module and
# exits 1 on any failure.
#
# A GNU licence fails anywhere in the graph. A missing licence file fails when
# the module provides a package that qipu's packages or tests compile
# (`go list -deps -test ./...`); a module that only the tests of a dependency
# use is never compiled into anything of qipu's, so it is listed as a note
# (today: github.com/chengxilo/virtualterm, used by progressbar's own tests).
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

# The titles that mark the GNU family; matched case-insensitively anywhere in
# a licence file, which also catches dual licences that offer a GNU licence.
gnu_titles='GNU (GENERAL|LESSER GENERAL|LIBRARY GENERAL|AFFERO GENERAL) PUBLIC LICENSE|GNU (L|A)?GPL'

# kind guesses a short name for a licence file, for the listing only.
kind() {
	local t
	t=$(without_mpl_secondary "$1")
	if grep -qiE 'GNU AFFERO' <<<"$t"; then echo AGPL
	elif grep -qiE 'GNU (LESSER|LIBRARY) GENERAL' <<<"$t"; then echo LGPL
	elif grep -qiE 'GNU GENERAL PUBLIC' <<<"$t"; then echo GPL
	elif grep -qiE 'Apache License' <<<"$t"; then echo Apache-2.0
	elif grep -qiE 'Mozilla Public License' <<<"$t"; then echo MPL-2.0
	elif grep -qiE 'Permission is hereby granted, free of charge' <<<"$t"; then echo MIT
	elif grep -qiE 'Redistribution and use in source and binary forms' <<<"$t"; then echo BSD
	elif grep -qiE 'Permission to use, copy, modify, and(/or)? distribute' <<<"$t"; then echo ISC
	elif grep -qiE 'unlicense|public domain' <<<"$t"; then echo public-domain
	else echo other
	fi
}

# licence_files lists the licence files at the root of a directory.
licence_files() {
	find "$1" -maxdepth 1 -type f \( -iname 'LICENSE*' -o -iname 'LICENCE*' -o -iname 'COPYING*' \
		-o -iname 'UNLICENSE*' \) | sort
}

failures=0
# check NAME DIR [PATH]: one module (PATH: its module path, for the
# compiled-or-not test).
check() {
	local name=$1 dir=$2 path=${3:-} files kinds f bad=""
	if [ -z "$dir" ] || [ ! -d "$dir" ]; then
		printf 'FAIL  %-70s not in the module cache\n' "$name"
		failures=$((failures + 1))
		return
	fi
	files=$(licence_files "$dir")
	if [ -z "$files" ]; then
		if [ -n "$path" ] && ! grep -qxF "$path" <<<"$built"; then
			printf 'note  %-70s no licence file; not compiled into qipu or its tests\n' "$name"
			return
		fi
		printf 'FAIL  %-70s no licence file\n' "$name"
		failures=$((failures + 1))
		return
	fi
	kinds=""
	while IFS= read -r f; do
		kinds="$kinds $(kind "$f")"
		if without_mpl_secondary "$f" | grep -qiE "$gnu_titles"; then
			bad="$bad ${f##*/}"
		fi
	done <<<"$files"
	if [ -n "$bad" ]; then
		printf 'FAIL  %-70s GNU licence family in%s\n' "$name" "$bad"
		failures=$((failures + 1))
		return
	fi
	printf 'ok    %-70s%s\n' "$name" "$kinds"
}

# without_mpl_secondary prints a licence file without the definition of "Secondary License"
# of each Mozilla Public License 2.0 text in it (section 1.12 names the GNU licences the MPL
# is compatible with; it does not put the code under them), so that MPL-2.0 code passes.
without_mpl_secondary() {
	awk '/"Secondary License"/ { skip = 1 } skip && /^[[:space:]#]*1\.13\./ { skip = 0 } !skip' "$1"
}

# Download through a copy of go.mod and go.sum, so that the checksums `go mod download all`
# records for modules outside the build do not change the repository's go.sum.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp go.mod "$tmp/go.mod"
[ -f go.sum ] && cp go.sum "$tmp/go.sum"
go mod download -modfile="$tmp/go.mod" all
main=$(go list -m -f '{{.Path}}')
# The modules whose packages the main module's packages and tests compile.
built=$(go list -deps -test -f '{{with .Module}}{{.Path}}{{end}}' ./... | sort -u)
check "$main (main module)" "$PWD"
count=0
while read -r path version dir; do
	check "$path@$version" "$dir" "$path"
	count=$((count + 1))
done < <(go list -modfile="$tmp/go.mod" -m -f '{{if not .Main}}{{.Path}} {{.Version}} {{.Dir}}{{end}}' all)

if [ "$failures" -gt 0 ]; then
	echo "licensecheck: $failures of $((count + 1)) modules fail (no licence file, or a GPL/LGPL/AGPL licence)" >&2
	exit 1
fi
echo "licensecheck: $((count + 1)) modules, none of the GNU GPL family; every one compiled into qipu has a licence file"

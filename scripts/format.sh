#!/usr/bin/env bash
# Formats the Swift sources as .swift-format says (swift-format ships with the toolchain);
# scripts/check.sh, and so CI, fails while the tree is not formatted.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format --in-place --recursive --parallel Sources Tests Package.swift
swift format lint --strict --recursive --parallel Sources Tests Package.swift

// Self-test of tile-lit: quoting, escapes and %%.
// RUN: echo 'single | quoted' "double \"quoted\"" plain\ word | FileCheck %s
// RUN: echo 100%% \
// RUN:   done | FileCheck %s --check-prefix=PCT
// RUN: echo -n | FileCheck %s --allow-empty --check-prefix=NONE

// CHECK: single | quoted double "quoted" plain word
// PCT: 100% done
// NONE-NOT: {{.}}

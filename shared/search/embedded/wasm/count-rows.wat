;; Counting facet values over listed documents, in the memory of the rows (see wasm-rows.ts).
;; Regenerate count-rows-wasm.ts after a change: npm run build:wasm.
(module
  (import "env" "memory" (memory 0))
  ;; For each of the n documents at `list` (u32 each), adds one to counts[v] (u32 at `counts`) for every value v of
  ;; the document's row: items[offsets[d] .. offsets[d + 1]). Arguments are byte addresses.
  (func (export "countList")
    (param $offsets i32) (param $items i32) (param $list i32) (param $n i32) (param $counts i32)
    (local $end i32) (local $k i32) (local $at i32) (local $row i32)
    (local.set $end (i32.add (local.get $list) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $documents
        (br_if $done (i32.ge_u (local.get $list) (local.get $end)))
        (local.set $row (i32.add (local.get $offsets) (i32.shl (i32.load (local.get $list)) (i32.const 2))))
        (local.set $k (i32.add (local.get $items) (i32.shl (i32.load (local.get $row)) (i32.const 2))))
        (local.set $row (i32.add (local.get $items) (i32.shl (i32.load offset=4 (local.get $row)) (i32.const 2))))
        (block $rowDone
          (loop $values
            (br_if $rowDone (i32.ge_u (local.get $k) (local.get $row)))
            (local.set $at (i32.add (local.get $counts) (i32.shl (i32.load (local.get $k)) (i32.const 2))))
            (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
            (local.set $k (i32.add (local.get $k) (i32.const 4)))
            (br $values)))
        (local.set $list (i32.add (local.get $list) (i32.const 4)))
        (br $documents)))))

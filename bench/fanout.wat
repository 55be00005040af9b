;; An accusation delivered to every living seated listener, over one linear
;; memory laid out by bench/wasmFanout.ts: the statements of
;; Beliefs.onAccuse (src/agents/beliefs.ts) for each listener in turn, with
;; Math.exp imported so that every double is the one JavaScript computes.
(module
  (import "Math" "exp" (func $exp (param f64) (result f64)))
  ;; odds.ts's REFERENCE_PRIOR, handed in rather than written out
  (import "odds" "referencePrior" (global $ref f64))
  (memory (export "memory") 64)
  ;; where each array starts, set once by init
  (global $n (mut i32) (i32.const 0))
  (global $EV (mut i32) (i32.const 0))      ;; f64[n*n]
  (global $READS (mut i32) (i32.const 0))   ;; f64[n*n]
  (global $KNOWN (mut i32) (i32.const 0))   ;; i8[n*n]
  (global $BLACK (mut i32) (i32.const 0))   ;; i16[n*n]
  (global $WEIGHT (mut i32) (i32.const 0))  ;; f64[n] accuseWeight
  (global $CROWD (mut i32) (i32.const 0))   ;; f64[n]
  (global $RT (mut i32) (i32.const 0))      ;; f64[n] readTrust
  (global $TEAM (mut i32) (i32.const 0))    ;; u8[n]
  (global $CLAIMS (mut i32) (i32.const 0))  ;; u8[n] sourceCount>0||roleClaimantCount>0
  (global $DIRTY (mut i32) (i32.const 0))   ;; u8[n]
  (global $ALIVE (mut i32) (i32.const 0))   ;; u8[n]
  (global $SEATED (mut i32) (i32.const 0))  ;; i16[n]
  (func (export "init") (param $n i32) (param $ev i32) (param $reads i32) (param $known i32) (param $black i32)
        (param $weight i32) (param $crowd i32) (param $rt i32) (param $team i32) (param $claims i32) (param $dirty i32)
        (param $alive i32) (param $seated i32)
    (global.set $n (local.get $n)) (global.set $EV (local.get $ev)) (global.set $READS (local.get $reads))
    (global.set $KNOWN (local.get $known)) (global.set $BLACK (local.get $black)) (global.set $WEIGHT (local.get $weight))
    (global.set $CROWD (local.get $crowd)) (global.set $RT (local.get $rt)) (global.set $TEAM (local.get $team))
    (global.set $CLAIMS (local.get $claims)) (global.set $DIRTY (local.get $dirty)) (global.set $ALIVE (local.get $alive))
    (global.set $SEATED (local.get $seated)))
  ;; one accusation (speaker accuses target) to the first `count` seated listeners, those alive
  (func (export "deliver") (param $speaker i32) (param $target i32) (param $living i32) (param $count i32)
    (local $i i32) (local $s i32) (local $row i32) (local $crowd f64) (local $lv f64) (local $w f64)
    (local $x f64) (local $credit f64) (local $at i32) (local $n i32) (local $bi i32)
    (local $ev i32) (local $reads i32) (local $known i32) (local $black i32) (local $weight i32) (local $crowdAt i32) (local $rt i32) (local $team i32) (local $claims i32) (local $dirty i32) (local $alive i32) (local $seated i32)
    ;; the layout's offsets in locals, as a compiler would hold them (reading the globals counted the same)
    (local.set $n (global.get $n))
    (local.set $ev (global.get $EV))
    (local.set $reads (global.get $READS))
    (local.set $known (global.get $KNOWN))
    (local.set $black (global.get $BLACK))
    (local.set $weight (global.get $WEIGHT))
    (local.set $crowdAt (global.get $CROWD))
    (local.set $rt (global.get $RT))
    (local.set $team (global.get $TEAM))
    (local.set $claims (global.get $CLAIMS))
    (local.set $dirty (global.get $DIRTY))
    (local.set $alive (global.get $ALIVE))
    (local.set $seated (global.get $SEATED))
    (local.set $lv (f64.convert_i32_s (local.get $living)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $i) (local.get $count)))
        (local.set $s (i32.load16_s (i32.add (local.get $seated) (i32.shl (local.get $i) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $next (i32.eqz (i32.load8_u (i32.add (local.get $alive) (local.get $s)))))
        (if (i32.load8_u (i32.add (local.get $claims) (local.get $s)))
          (then (i32.store8 (i32.add (local.get $dirty) (local.get $s)) (i32.const 1))))
        (local.set $row (i32.mul (local.get $s) (local.get $n)))
        (if (i32.eq (i32.load8_s (i32.add (local.get $known) (i32.add (local.get $row) (local.get $target)))) (i32.const 1))
          (then
            (local.set $bi (i32.add (local.get $black) (i32.shl (i32.add (local.get $row) (local.get $speaker)) (i32.const 1))))
            (i32.store16 (local.get $bi) (i32.add (i32.load16_s (local.get $bi)) (i32.const 1)))))
        (br_if $next (i32.eq (local.get $speaker) (local.get $s)))
        (local.set $crowd (f64.load (i32.add (local.get $crowdAt) (i32.shl (local.get $s) (i32.const 3)))))
        (local.set $w (f64.load (i32.add (local.get $weight) (i32.shl (local.get $s) (i32.const 3)))))
        (local.set $w (f64.mul (local.get $w)
          (select (f64.div (local.get $crowd) (local.get $lv)) (f64.const 1) (f64.gt (local.get $lv) (local.get $crowd)))))
        (if (i32.and (i32.eq (local.get $target) (local.get $s))
                     (i32.eqz (i32.load8_u (i32.add (local.get $team) (local.get $s)))))
          (then
            (local.set $at (i32.add (local.get $ev) (i32.shl (i32.add (local.get $row) (local.get $speaker)) (i32.const 3))))
            (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $w)))
            (br $next)))
        (local.set $at (i32.shl (i32.add (local.get $row) (local.get $speaker)) (i32.const 3)))
        (local.set $x (f64.add (global.get $ref)
          (f64.add (f64.load (i32.add (local.get $ev) (local.get $at)))
                   (f64.mul (f64.load (i32.add (local.get $rt) (i32.shl (local.get $s) (i32.const 3))))
                            (f64.load (i32.add (local.get $reads) (local.get $at)))))))
        (local.set $credit (f64.const 1))
        (if (f64.gt (local.get $x) (f64.const 0))
          (then (local.set $credit (f64.min (f64.const 1)
                   (f64.div (f64.const 2) (f64.add (f64.const 1) (call $exp (local.get $x))))))))
        (local.set $at (i32.add (local.get $ev) (i32.shl (i32.add (local.get $row) (local.get $target)) (i32.const 3))))
        (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.mul (local.get $w) (local.get $credit))))
        (br $next))))
)

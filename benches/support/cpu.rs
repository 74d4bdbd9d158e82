//! The process's CPU time, for benchmarks run on a shared machine (included
//! by path: `#[path = "support/cpu.rs"] mod cpu;`).

/// CPU time of this process so far (user + system, every thread), in
/// seconds: what the work costs besides waiting on the disk (and, on a
/// shared machine, on the other processes). `/proc/self/stat`: after the
/// command's closing parenthesis come the state (field 3) … utime and
/// stime (fields 14 and 15), in clock ticks of 1/100 s.
pub fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
    let f: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (tick(11) + tick(12)) / 100.0
}

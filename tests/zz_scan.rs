use arbitre::dice::Dice;
#[test]
fn scan() {
    for turn in [2u32] {
        let mut ones = vec![];
        let mut firsts = vec![];
        for seed in 1..40u64 {
            let mut d = Dice::for_turn(seed, turn);
            let v = d.d6("x", "x");
            let mut d2 = Dice::for_turn(seed, turn);
            let a = d2.d6("x","x"); let b = d2.d6("x","x"); let c = d2.d6("x","x");
            firsts.push((seed, a, b, c));
            if v == 1 { ones.push(seed); }
        }
        println!("turn {turn}: first d6 == 1 for seeds {ones:?}");
        println!("{firsts:?}");
    }
}

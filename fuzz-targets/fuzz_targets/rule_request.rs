//! Fuzz the engine through the protocol's `rule` message: any bytes that
//! parse as a request must be ruled on (or refused with an error) without
//! a panic, and the ruling must turn with the seats.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rulings_engine::protocol::ToImplementation;

fuzz_target!(|data: &[u8]| {
    let Ok(ToImplementation::Rule { request, .. }) = serde_json::from_slice::<ToImplementation>(data) else {
        return;
    };
    let ruled = rulings_engine::rule(&request);
    if let Ok(ruling) = &ruled {
        let rotated = rulings_engine::rule(&request.rotate(1)).expect("a rotated story is ruled on too");
        assert_eq!(&rotated.rotate(3), ruling, "the ruling turns with the seats");
    }
});

fn main() {
    std::process::exit(arbitre::cli::main());
}

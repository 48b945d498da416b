console.log("{}")
